"""Test (b): skipped steps from a real GradScaler. torch.amp.GradScaler("cpu") (torch >= 2.3), or
torch.cuda.amp.GradScaler on a CUDA device. Exits 77 when neither exists (torch 1.13 on the CPU:
its GradScaler disables itself without CUDA, and the _amp_* kernels have no CPU version).
Loss * inf at chosen steps makes the gradients non-finite; torch then skips optimizer.step().
Dumps, per step, torch's truth: the scale before/after and whether the weights moved.
With --rule (any torch): a stand-in that keeps a GradScaler's state in the same attributes and
follows torch's update rule (tests the probe's reading of that state where no real scaler runs).
argv: out.db dump.json [--rule]"""
import json
import sys

import torch

import ampscope
from common import Net



class RuleScaler:
    """torch.cuda.amp.GradScaler's state and update rule, in plain CPU tensor ops."""

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
        found = sum(st["found_inf"] for st in self._per_optimizer_states.values())
        if found.item():
            self._scale *= self._backoff_factor
            self._growth_tracker.zero_()
        else:
            self._growth_tracker += 1
            if int(self._growth_tracker) == self._growth_interval:
                self._scale *= self._growth_factor
                self._growth_tracker.zero_()
        self._per_optimizer_states = {}


if "--rule" in sys.argv:
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

torch.manual_seed(0)
model = Net().to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
poison = {2, 5, 6}
truth = []
probe = ampscope.watch(model, scaler=scaler, out=sys.argv[1], every=2, optimizer=opt)
for step in range(10):
    opt.zero_grad()
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
json.dump({"run_id": probe.run_id, "steps": truth, "device": device}, open(sys.argv[2], "w"))
