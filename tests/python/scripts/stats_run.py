"""Test (a): a real training loop through the probe; dumps torch's own statistics (torch.frexp)
of the very gradients the probe saw, for the driver to compare with the store.
argv: out.db dump.json"""
import json
import sys

import torch

import ampscope
from common import Net, torch_stats

db, dump = sys.argv[1], sys.argv[2]
torch.manual_seed(1)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
acts = {}


def keep(name):
    def hook(_m, _gi, go):
        acts[name + ".out"] = go[0].detach().clone()
    return hook


probe = ampscope.watch(model, out=db, every=2, optimizer=opt)
for name in ("fc1", "act", "fc2", "head"):  # registered after the probe's own: same tensors
    getattr(model, name).register_full_backward_hook(keep(name))
truth = {}
for step in range(6):
    opt.zero_grad()
    x = torch.randn(32, 6)
    loss = torch.nn.functional.cross_entropy(model(x), torch.randint(0, 3, (32,)))
    loss.backward()
    opt.step()
    with torch.no_grad():  # planted after the step, so that the weights stay finite
        # Values the histogram's edges and the fp16 limits must classify exactly.
        model.fc2.weight.grad.mul_(2.0 ** -22)          # fp16 subnormals and below
        model.fc1.weight.grad[0, :4] = torch.tensor([float("inf"), float("-inf"), float("nan"), 0.0])
        model.fc1.bias.grad[0] = 2.0 ** -149            # an fp32 subnormal: lands in the first bin
        model.head.bias.grad[0] = 2.0 ** 30             # above the range: the last bin
    if step % 2 == 0:
        layers = {n: torch_stats(p.grad) for n, p in model.named_parameters()}
        layers.update({n: torch_stats(g) for n, g in acts.items()})
        truth[step] = layers
    probe.step(loss)
probe.close()
json.dump({"run_id": probe.run_id, "steps": truth}, open(dump, "w"))
