"""Test (e): the run's precision label when watch() is given none: what the first forward pass
ran in. Four runs into one store, in this order:
  1. torch.autocast("cpu", bfloat16) around the forward pass: bf16
  2. the same loop without autocast: fp32
  3. autocast bf16, but precision="fp32" given: fp32 (the caller's label wins)
  4. the model's parameters in bfloat16, no autocast: bf16
Prints each run's id on a line of its own.
argv: out.db"""
import contextlib
import sys

import torch

import ampscope
from common import Net


def train(model, autocast, **kwargs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    dtype = next(model.parameters()).dtype
    with ampscope.watch(model, out=sys.argv[1], every=2, **kwargs) as probe:
        for _step in range(3):
            opt.zero_grad()
            x = torch.randn(8, 6, dtype=dtype)
            ctx = torch.autocast("cpu", dtype=torch.bfloat16) if autocast else contextlib.nullcontext()
            with ctx:
                logits = model(x)
            loss = torch.nn.functional.cross_entropy(logits.float(), torch.randint(0, 3, (8,)))
            loss.backward()
            opt.step()
            probe.step(loss)
    print(probe.run_id)


torch.manual_seed(0)
train(Net(), autocast=True)
train(Net(), autocast=False)
train(Net(), autocast=True, precision="fp32")
train(Net().to(torch.bfloat16), autocast=False)
