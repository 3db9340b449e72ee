"""Shared by the probe's test scripts: a small named MLP, and torch's own statistics of a tensor
(torch.frexp), as docs/measurements.md defines them, for the C++ driver to compare."""
import torch

FP16_MIN_NORMAL = 2.0 ** -14
FP16_MIN_SUBNORMAL = 2.0 ** -24


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(6, 16)
        self.act = torch.nn.Tanh()
        self.fc2 = torch.nn.Linear(16, 16)
        self.head = torch.nn.Linear(16, 3)

    def forward(self, x):
        return self.head(torch.relu(self.fc2(self.act(self.fc1(x)))))


def torch_stats(t, lo=-40, hi=20):
    x = t.detach().double().reshape(-1) if t.dtype != torch.float32 else t.detach().reshape(-1)
    finite = torch.isfinite(x)
    nz = finite & (x != 0)
    _, e = torch.frexp(x[nz])
    exp = (e.to(torch.int64) - 1).clamp(lo, hi)  # floor(log2|x|) = frexp exponent - 1
    bins = torch.bincount(exp - lo, minlength=hi - lo + 1).tolist()
    a = x[finite].abs().double()
    return {
        "numel": x.numel(),
        "bins": bins,
        "zero": int((x == 0).sum()),
        "nan": int(torch.isnan(x).sum()),
        "pos_inf": int((x == float("inf")).sum()),
        "neg_inf": int((x == float("-inf")).sum()),
        "subnormal": int((nz & (x.abs() < FP16_MIN_NORMAL)).sum()),
        "below_min_subnormal": int((nz & (x.abs() < FP16_MIN_SUBNORMAL)).sum()),
        "amax": float(a.max()) if a.numel() else 0.0,
        "sum_squares": float((a * a).sum()),
    }
