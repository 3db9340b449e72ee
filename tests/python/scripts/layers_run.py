"""Test (d): the layer filter and activations on/off. Two runs into one store, the first named,
the second without a loss (probe.step() with none).
argv: out.db"""
import sys

import torch

import ampscope
from common import Net

torch.manual_seed(0)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for kwargs in ({"layers": r"^fc", "activations": False, "name": "body \u00b7 fc"}, {"layers": r"head|act", "activations": True}):
    with ampscope.watch(model, out=sys.argv[1], every=1, **kwargs) as probe:
        for step in range(3):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(torch.randn(8, 6)), torch.randint(0, 3, (8,)))
            loss.backward()
            opt.step()
            probe.step(loss if kwargs.get("name") else None)  # the second run gives no loss
    print(probe.run_id)
