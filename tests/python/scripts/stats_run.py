"""Tests (a), (a') and (a''): a real training loop through the probe; dumps torch's own
statistics (torch.frexp, torch's casts) of the very gradients the probe saw, for the driver to
compare with the store.
  default: format fp16, every 2, no scaler; planted edge cases for the histogram and fp16.
  --bf16:  format bf16, every 3, reference_every 2 (underflow records on steps 0, 2, 4; step 3
           is a statistics step without one); planted edge cases for bf16's limits.
  --scaled: a GradScaler stand-in (common.RuleScaler, growth every 2 steps), every 1: the stored
           statistics are of the gradients as the format saw them, i.e. the unscaled .grad times
           the scale the step's backward ran with (not the scale update() left).
argv: out.db dump.json [--bf16 | --scaled]"""
import json
import struct
import sys

import torch

import ampscope
from common import Net, RuleScaler, torch_stats


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


db, dump = sys.argv[1], sys.argv[2]
variant = sys.argv[3] if len(sys.argv) > 3 else "--default"
torch.manual_seed(1)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
acts = {}


def keep(name):
    def hook(_m, _gi, go):
        acts[name + ".out"] = go[0].detach().clone()
    return hook


fmt, scaler, steps, every, reference_every = "fp16", None, 6, 2, 0
if variant == "--bf16":
    fmt, every, reference_every = "bf16", 3, 2
elif variant == "--scaled":
    scaler, steps, every = RuleScaler(init_scale=2.0 ** 10, growth_interval=2), 5, 1
probe = ampscope.watch(model, scaler=scaler, out=db, every=every, reference_every=reference_every, format=fmt,
                       optimizer=opt)
for name in ("fc1", "act", "fc2", "head"):  # registered after the probe's own: same tensors
    getattr(model, name).register_full_backward_hook(keep(name))
truth = {}
for step in range(steps):
    opt.zero_grad()
    x = torch.randn(32, 6)
    loss = torch.nn.functional.cross_entropy(model(x), torch.randint(0, 3, (32,)))
    entry = {}
    if scaler is not None:
        ran_with = scaler.get_scale() if scaler._scale is not None else scaler._init_scale
        scaler.scale(loss).backward()
        scaler.step(opt)   # unscales .grad in place, then steps
        scaler.update()    # may grow the scale: the statistics keep the one backward ran with
        grads = {n: p.grad * ran_with for n, p in model.named_parameters()}
        unscaled_sq = sum(float((p.grad.double() ** 2).sum()) for p in model.parameters())
        entry = {"scale_before": ran_with, "scale_after": scaler.get_scale(), "grad_norm": unscaled_sq ** 0.5}
        layers = {n: torch_stats(g) for n, g in grads.items()}
        layers.update({n: torch_stats(g) for n, g in acts.items()})
        truth[step] = {"layers": layers, **entry}
        probe.step(loss)
        continue
    loss.backward()
    opt.step()
    with torch.no_grad():  # planted after the step, so that the weights stay finite
        model.fc1.weight.grad[0, :4] = torch.tensor([float("inf"), float("-inf"), float("nan"), 0.0])
        if fmt == "fp16":
            # Values the histogram's edges and the fp16 limits must classify exactly.
            model.fc2.weight.grad.mul_(2.0 ** -22)          # fp16 subnormals and below
            model.fc1.bias.grad[0] = 2.0 ** -149            # an fp32 subnormal: lands in the first bin
            model.head.bias.grad[0] = 2.0 ** 30             # above the range: the last bin, fp16 overflow
            model.head.bias.grad[1] = 65520.0               # rounds to inf in fp16 (round to nearest even)
            model.head.bias.grad[2] = 65519.996             # rounds to 65504: not an overflow
        else:
            # bf16: its subnormals (below 2^-126) and below its smallest subnormal (2^-133): fp32
            # subnormals, some between 2^-134 and 2^-133 (a cast rounds those up, not to zero).
            model.fc2.weight.grad[:8].mul_(2.0 ** -118)     # around bf16's smallest normal
            model.fc2.weight.grad[8:].mul_(2.0 ** -128)
            model.fc2.bias.grad[0] = f32(0x7F7F8000)        # (2 - 2^-8) 2^127: rounds to inf in bf16
            model.fc2.bias.grad[1] = f32(0x7F7F7FFF)        # just below: rounds to bf16's max, finite
            model.fc2.bias.grad[2] = 2.0 ** -140            # below the smallest subnormal, flushed
            model.fc2.bias.grad[3] = 3 * 2.0 ** -135        # below it too, but a cast rounds it up to 2^-133
            model.fc2.bias.grad[4] = 2.0 ** -134            # half the smallest subnormal: a tie, to 0
            model.fc2.bias.grad[5] = 2.0 ** -133            # the smallest subnormal itself
            model.fc2.bias.grad[6] = 2.0 ** -126            # the smallest normal: not a subnormal
            model.fc2.bias.grad[7] = f32(0x007FFFFF)        # just below it: a subnormal
            model.head.bias.grad[0] = 2.0 ** 30             # beyond the histogram: last bin; finite in bf16
            model.head.bias.grad[1] = 65520.0               # an fp16 overflow, not a bf16 one
    reference = reference_every > 0 and step % reference_every == 0
    if step % every == 0 or reference:  # the steps docs/probe.md says get statistics
        layers = {n: torch_stats(p.grad, fmt=fmt, reference=reference) for n, p in model.named_parameters()}
        layers.update({n: torch_stats(g, fmt=fmt, reference=reference) for n, g in acts.items()})
        truth[step] = {"layers": layers, "reference": reference}
    probe.step(loss)
probe.close()
json.dump({"run_id": probe.run_id, "format": fmt, "steps": truth}, open(dump, "w"))
