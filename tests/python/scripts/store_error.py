"""Test (g): a run store that cannot be written does not stop the user's training. The store's
path lies under a regular file, so the recorder's background open fails after watch() returned,
as a full disk fails a write in the middle of a run. on_error="warn" (the default) says why once,
as a RuntimeWarning, and every step and close() go on; on_error="raise" raises RunStoreError from
a later step() or close().
argv: scratch_dir"""
import os
import sys
import warnings

import torch

import ampscope

scratch = sys.argv[1]
blocker = os.path.join(scratch, "not-a-dir")
open(blocker, "w").write("x")
out = os.path.join(blocker, "runs.db")
failures = []


def train(probe, model, opt, steps):
    done = 0
    for _ in range(steps):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(torch.randn(8, 4)), torch.randint(0, 3, (8,)))
        loss.backward()
        opt.step()
        probe.step(loss)
        done += 1
    return done


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model[0].weight.detach().clone()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with ampscope.watch(model, out=out, optimizer=opt) as probe:
        done = train(probe, model, opt, 20)
said = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning) and "ampscope" in str(w.message)]
if done != 20:
    failures.append(f"warn: the training stopped after {done} steps")
if len(said) != 1:
    failures.append(f"warn: {len(said)} warnings, expected one: {said}")
elif "not-a-dir" not in said[0] or "training goes on unrecorded" not in said[0]:
    failures.append(f"warn: the warning does not say why: {said[0]}")
if torch.equal(before, model[0].weight.detach()):
    failures.append("warn: the weights did not move")
if model[0]._forward_hooks:
    failures.append("warn: the probe's hooks stayed on the model")

raised = None
try:
    with ampscope.watch(model, out=out, on_error="raise") as probe:
        train(probe, model, opt, 20)
except ampscope.RunStoreError as e:
    raised = str(e)
if raised is None or "not-a-dir" not in raised:
    failures.append(f"raise: got {raised!r}")

try:
    ampscope.watch(model, out=os.path.join(scratch, "ok.db"), on_error="ignore")
    failures.append("on_error='ignore' accepted")
except ValueError as e:
    if "on_error must be 'warn' or 'raise'" not in str(e):
        failures.append(f"on_error='ignore': {e}")

print("\n".join(failures) if failures else "training went on")
sys.exit(1 if failures else 0)
