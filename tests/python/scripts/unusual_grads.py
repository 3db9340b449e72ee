"""Test (h): gradients the statistics pass cannot read as they are, and the probe's own failures.
  - a sparse embedding (nn.Embedding(sparse=True)): its statistics are those of the dense
    gradient (torch's own coalesce().to_dense(): the rows no index touched are zeros, duplicates
    summed);
  - a float64 head: read as float32, a finite 1e39 kept finite at fp32's largest (counted as an
    overflow of the format, not as +inf) and nonzero magnitudes below 2^-149 kept at 2^-149
    (below the format's smallest subnormal, not zeros);
  - probe.step(loss) with a loss that is not a scalar is refused at that call, naming its shape;
  - a failure inside the probe that it did not foresee stops the recording, not the training
    (one RuntimeWarning naming it); with on_error="raise" the error itself is raised.
argv: out.db dump.json"""
import json
import sys
import warnings

import torch

import ampscope
from common import torch_stats

db, dump = sys.argv[1], sys.argv[2]
FP32_MAX = torch.finfo(torch.float32).max
TINY = 2.0 ** -149


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 4, sparse=True)
        self.emb_dense = torch.nn.Embedding(50, 4)
        self.head64 = torch.nn.Linear(8, 3).double()

    def forward(self, idx):
        h = torch.cat([self.emb(idx).mean(1), self.emb_dense(idx).mean(1)], 1)
        return self.head64(h.double())


torch.manual_seed(3)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)  # SGD without momentum takes sparse gradients
acts = {}


def keep(name):
    def hook(_m, _inputs, out):
        out.register_hook(lambda g: acts.__setitem__(name + ".out", g.detach().clone()))
    return hook


probe = ampscope.watch(model, out=db, every=1, optimizer=opt)
for name in ("emb", "emb_dense", "head64"):  # registered after the probe's own: same tensors
    getattr(model, name).register_forward_hook(keep(name))
truth, failures = {}, []
for step in range(3):
    opt.zero_grad()
    idx = torch.randint(0, 50, (16, 5))  # 80 lookups into 50 rows: duplicates, and untouched rows
    loss = torch.nn.functional.cross_entropy(model(idx), torch.randint(0, 3, (16,)))
    loss.backward()
    opt.step()
    g = model.emb.weight.grad
    if not g.is_sparse:
        failures.append("the embedding's gradient is not sparse")
    dense = g.coalesce().to_dense()  # duplicates summed as torch's coalesce() sums them (to_dense alone sums in another order)
    if int((dense.abs().sum(1) == 0).sum()) == 0:
        failures.append(f"step {step}: every row was touched, the untouched rows' zeros are not tested")
    with torch.no_grad():  # planted after the step: the weights stay finite
        w = model.head64.weight.grad
        w[0, 0], w[0, 1], w[0, 2], w[0, 3] = 1e39, 1e-50, -1e-46, 0.0
    # What the documented reading of float64 gives: float32, the planted ends kept in range.
    w32 = model.head64.weight.grad.float()
    w32[0, 0], w32[0, 1], w32[0, 2] = FP32_MAX, TINY, -TINY
    layers = {"emb.weight": torch_stats(dense), "emb_dense.weight": torch_stats(model.emb_dense.weight.grad),
              "head64.weight": torch_stats(w32), "head64.bias": torch_stats(model.head64.bias.grad.float())}
    layers.update({n: torch_stats(a.float()) for n, a in acts.items()})
    truth[step] = {"layers": layers}
    probe.step(loss)

# A loss that is not a scalar is refused at the call that passes it.
try:
    probe.step(torch.ones(16))
    failures.append("a loss of 16 elements was taken")
except ValueError as e:
    if "[16]" not in str(e) or "scalar" not in str(e):
        failures.append(f"the refusal does not say why: {e}")
try:
    probe.step("0.5")
    failures.append("a loss given as a string was taken")
except TypeError:
    pass
probe.close()
if probe.run_id <= 0:
    failures.append("no run was recorded")


def broken_snapshot(_loss):
    raise ZeroDivisionError("planted")


# The probe failing on something it did not foresee: the training goes on, said once.
model2 = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt2 = torch.optim.SGD(model2.parameters(), lr=0.1)
before = model2[0].weight.detach().clone()
done = 0
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with ampscope.watch(model2, out=db, optimizer=opt2) as p2:
        p2._scaler.snapshot = broken_snapshot
        for _ in range(10):
            opt2.zero_grad()
            loss = torch.nn.functional.cross_entropy(model2(torch.randn(8, 4)), torch.randint(0, 3, (8,)))
            loss.backward()
            opt2.step()
            p2.step(loss)
            done += 1
said = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning) and "ampscope" in str(w.message)]
if done != 10 or torch.equal(before, model2[0].weight.detach()):
    failures.append(f"an error in the probe stopped the training after {done} steps")
if len(said) != 1 or "ZeroDivisionError: planted" not in said[0] or "training goes on" not in said[0]:
    failures.append(f"an error in the probe was not said once, by name: {said}")
if model2[0]._forward_hooks:
    failures.append("the probe's hooks stayed on the model after its error")
try:
    with ampscope.watch(model2, out=db, on_error="raise") as p3:
        p3._scaler.snapshot = broken_snapshot
        p3.step(torch.tensor(1.0))
    failures.append('on_error="raise" did not raise the probe\'s error')
except ZeroDivisionError:
    pass

json.dump({"run_id": probe.run_id, "steps": truth, "failures": failures}, open(dump, "w"))
print("failures:", failures if failures else "none")
