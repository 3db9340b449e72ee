"""Shared by the probe's test scripts: a small named MLP, a GradScaler stand-in, and torch's own
statistics of a tensor (torch.frexp, and torch's own casts), as docs/measurements.md defines
them, for the C++ driver to compare."""
import torch

# Per histogram format: (smallest subnormal, smallest normal) as powers of two, and the torch
# dtype whose cast (round-to-nearest-even) says what overflows and what flushes to zero.
FORMATS = {
    "fp16": (-24, -14, torch.float16),
    "bf16": (-133, -126, torch.bfloat16),
}
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


class RuleScaler:
    """torch.cuda.amp.GradScaler's state and update rule, in plain CPU tensor ops (Debian's torch
    1.13 has no GradScaler that runs on the CPU)."""

    def __init__(self, init_scale, growth_interval, growth_factor=2.0, backoff_factor=0.5):
        self._enabled = True
        self._init_scale, self._growth_interval = init_scale, growth_interval
        self._growth_factor, self._backoff_factor = growth_factor, backoff_factor
        self._scale = None
        self._growth_tracker = None
        self._per_optimizer_states = {}

    def scale(self, loss):
        if self._scale is None:
            self._scale = torch.full((1,), self._init_scale)
            self._growth_tracker = torch.zeros(1, dtype=torch.int32)
        return loss * self._scale

    def get_scale(self):
        return float(self._scale)

    def step(self, opt):
        found = torch.zeros(1)
        with torch.no_grad():
            for g in opt.param_groups:
                for p in g["params"]:
                    if p.grad is not None:
                        found += (~torch.isfinite(p.grad)).any().float()
                        p.grad.mul_(1.0 / self._scale)
        self._per_optimizer_states[id(opt)] = {"stage": type("S", (), {"name": "STEPPED"})(), "found_inf": found}
        if not found.item():
            opt.step()

    def update(self):
        # In place, as torch's _amp_update_scale_: a reference to _scale sees the new value.
        found = sum(st["found_inf"] for st in self._per_optimizer_states.values())
        if found.item():
            self._scale.mul_(self._backoff_factor)
            self._growth_tracker.zero_()
        else:
            self._growth_tracker += 1
            if int(self._growth_tracker) == self._growth_interval:
                self._scale.mul_(self._growth_factor)
                self._growth_tracker.zero_()
        self._per_optimizer_states = {}


def torch_stats(t, lo=-40, hi=20, fmt="fp16", reference=False):
    """The statistics of `t` against the format `fmt`. With `reference`, also the probe's underflow
    record: the elements below the format's smallest subnormal and their share of sum |x|, and
    (for comparison with the spec's "zero after the cast") the elements torch's cast flushes."""
    min_sub_exp, min_normal_exp, dtype = FORMATS[fmt]
    flat = t.detach().reshape(-1)
    x = flat if flat.dtype == torch.float32 else flat.double()
    finite = torch.isfinite(x)
    nz = finite & (x != 0)
    _, e = torch.frexp(x)
    exp = e.to(torch.int64) - 1  # floor(log2|x|) = frexp exponent - 1 (nonzero finite x)
    bins = torch.bincount(exp[nz].clamp(lo, hi) - lo, minlength=hi - lo + 1).tolist()
    a = x[finite].abs().double()
    cast = flat.to(dtype)  # torch's own rounding of the original values to the format
    below = nz & (exp < min_sub_exp)
    out = {
        "numel": x.numel(),
        "bins": bins,
        "zero": int((x == 0).sum()),
        "nan": int(torch.isnan(x).sum()),
        "pos_inf": int((x == float("inf")).sum()),
        "neg_inf": int((x == float("-inf")).sum()),
        "subnormal": int((nz & (exp < min_normal_exp)).sum()),
        "below_min_subnormal": int(below.sum()),
        "above_max": int((finite & torch.isinf(cast)).sum()),
        "amax": float(a.max()) if a.numel() else 0.0,
        "sum_squares": float((a * a).sum()),
    }
    if reference:
        mag = x.double().abs()
        total = float(mag[finite].sum())
        # What torch's own cast to the format flushes: nonzero, and zero after the cast.
        flushed = nz & (cast == 0)
        out["underflow"] = int(flushed.sum())
        out["underflow_mass"] = float(mag[flushed].sum()) / total if total > 0 else 0.0
        out["below_min_subnormal_mass"] = float(mag[below].sum()) / total if total > 0 else 0.0
    return out
