"""Test (b): skipped steps from a real GradScaler. torch.amp.GradScaler("cpu") (torch >= 2.3), or
torch.cuda.amp.GradScaler on a CUDA device. Exits 77 when neither exists (torch 1.13 on the CPU:
its GradScaler disables itself without CUDA, and the _amp_* kernels have no CPU version).
Loss * inf at chosen steps makes the gradients non-finite; torch then skips optimizer.step().
Dumps, per step, torch's truth: the scale before/after and whether the weights moved.
With --autocast (CUDA only, else exit 77): real fp16 training under torch.autocast with
torch.amp.GradScaler("cuda") at init scale 2^24, where the first steps' scaled gradients overflow
fp16 on their own (no poison needed for those), plus the poisoned steps.
With --rule (any torch): common.RuleScaler, a stand-in that keeps a GradScaler's state in the
same attributes and follows torch's update rule (tests the probe's reading of that state where no
real scaler runs).
With --rows (with --rule): the probe keeps its snapshots as it does on a GPU, as int32 rows of
bits in a device buffer (here a CPU tensor), decoded at the statistics steps: the same truths.
argv: out.db dump.json [--rule] [--rows]"""
import contextlib
import json
import sys

import torch

import ampscope
from common import Net, RuleScaler

autocast = "--autocast" in sys.argv
if autocast and not torch.cuda.is_available():
    print(f"torch {torch.__version__}: --autocast needs a CUDA device")
    sys.exit(77)
if autocast:
    device = "cuda"
    scaler = torch.amp.GradScaler("cuda", init_scale=2.0 ** 24, growth_interval=3)
elif "--rule" in sys.argv:
    device = "cpu"
    scaler = RuleScaler(init_scale=2.0 ** 10, growth_interval=3)
elif torch.cuda.is_available():
    device = "cuda"
    scaler = torch.cuda.amp.GradScaler(init_scale=2.0 ** 10, growth_interval=3)
elif hasattr(torch, "amp") and hasattr(torch.amp, "GradScaler"):
    device = "cpu"
    scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 10, growth_interval=3)
else:
    print(f"torch {torch.__version__}: no GradScaler that works on the CPU, and no CUDA")
    sys.exit(77)

if "--rows" in sys.argv:
    from ampscope._scaler import ScalerView

    def device_rows(self, loss):
        row = self._snapshot_bits(loss, self.scale_tensor())
        assert row is not None and row.dtype == torch.int32, "the bits path refused a fp32 scale"
        return row
    ScalerView.snapshot = device_rows

torch.manual_seed(0)
model = Net().to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
poison = {8, 11, 12} if autocast else {2, 5, 6}
steps = 16 if autocast else 10
truth = []
probe = ampscope.watch(model, scaler=scaler, out=sys.argv[1], every=2, optimizer=opt)
for step in range(steps):
    opt.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16) if autocast else contextlib.nullcontext():
        loss = torch.nn.functional.cross_entropy(model(torch.randn(16, 6, device=device)),
                                                 torch.randint(0, 3, (16,), device=device))
    scaled = scaler.scale(loss * float("inf") if step in poison else loss)
    scaled.backward()
    before_w = model.fc1.weight.detach().clone()
    before = scaler.get_scale()
    scaler.step(opt)
    scaler.update()
    moved = not torch.equal(before_w, model.fc1.weight.detach())
    truth.append({"step": step, "scale_before": before, "scale_after": scaler.get_scale(), "skipped": not moved})
    probe.step(loss)
probe.close()
json.dump({"run_id": probe.run_id, "steps": truth, "device": device, "poison": sorted(poison)}, open(sys.argv[2], "w"))
