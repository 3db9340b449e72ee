"""Test (i): the activation gradients of modules called more than once in a step.
  - a module called several times in one forward pass (a shared encoder on two inputs of other
    batch sizes, an RNN-like cell and its tanh called three times): its `.out` statistics are
    over every call's output gradient (numel their sum);
  - gradient accumulation (two micro-batches a step): the last micro-batch's, not both, not the
    first; the parameters' gradients are the sum over both, as torch accumulates them;
  - two forward calls backpropagated together (a siamese pair, one loss): both;
  - a forward call that is not backpropagated before probe.step (an evaluation under
    torch.no_grad(), or one with grad on whose output is dropped) changes nothing.
The truth is torch's: hooks of the script's own on the same modules.
argv: out.db dump.json"""
import json
import sys

import torch

import ampscope
from common import torch_stats

db, dump = sys.argv[1], sys.argv[2]


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(6, 8)
        self.cell = torch.nn.Linear(8, 8)
        self.act = torch.nn.Tanh()
        self.gru = torch.nn.GRUCell(8, 8)  # its biases are bias_ih and bias_hh: kind "bias"
        self.head = torch.nn.Linear(8, 3)

    def forward(self, a, b):
        h = torch.cat([self.enc(a), self.enc(b)], 0)
        for _ in range(3):
            h = self.act(self.cell(h))
        return self.head(self.gru(h))


torch.manual_seed(5)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
seen = {}


def keep(name):
    def hook(_m, _inputs, out):
        if out.requires_grad:
            out.register_hook(lambda g: seen.setdefault(name + ".out", []).append(g.detach().clone()))
    return hook


probe = ampscope.watch(model, out=db, every=1, optimizer=opt)
for name in ("enc", "cell", "act", "gru", "head"):  # registered after the probe's own: the same tensors
    getattr(model, name).register_forward_hook(keep(name))


def batch(n):
    return torch.randn(n, 6)


truth, failures = {}, []
for step in range(3):
    opt.zero_grad()
    if step < 2:  # two micro-batches of other sizes: the second is the one recorded
        for na, nb in ((5, 9), (7, 4)):
            seen.clear()
            loss = model(batch(na), batch(nb)).pow(2).mean()
            loss.backward()
    else:  # a siamese pair: two forward calls, one backward
        seen.clear()
        loss = model(batch(3), batch(2)).pow(2).mean() + model(batch(6), batch(1)).pow(2).mean()
        loss.backward()
    opt.step()
    with torch.no_grad():
        model(batch(11), batch(11))  # an evaluation: not backpropagated
    model(batch(2), batch(2))  # grad on, output dropped: never backpropagated either
    layers = {n + "." + k: torch_stats(p.grad) for n, m in model.named_children() for k, p in m.named_parameters()}
    layers.update({n: torch_stats(torch.cat([g.reshape(-1) for g in gs])) for n, gs in seen.items()})
    truth[step] = {"layers": layers}
    probe.step(loss)
probe.close()
if [truth[s]["layers"]["enc.out"]["numel"] for s in range(3)] != [88, 88, 96]:
    failures.append("the script's own truth is not what it means to test: enc.out numel "
                    f"{[truth[s]['layers']['enc.out']['numel'] for s in range(3)]}")
json.dump({"run_id": probe.run_id, "steps": truth, "failures": failures}, open(dump, "w"))
print("failures:", failures if failures else "none")
