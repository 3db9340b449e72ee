"""Follow mode with the probe as the writer (tests/ui/test_follow.cpp, probeWriterFollowed): a
real training loop through `ampscope.watch` that another process (the window) follows while it
runs. It trains in chunks, each when its driver says so: it reads a line on stdin ("go": train
`chunk` more steps, anything else or end of input: finish), and after each chunk prints
"trained N" (N: steps trained so far). So the driver knows the run is still being written while
it looks at the window, without timing anything.
argv: out.db chunk"""
import sys

import torch

import ampscope
from common import Net

out, chunk = sys.argv[1], int(sys.argv[2])
torch.manual_seed(0)
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(64, 6), torch.randint(0, 3, (64,))
trained = 0
with ampscope.watch(model, out=out, every=1, optimizer=opt) as probe:
    for line in sys.stdin:
        if line.strip() != "go":
            break
        for _ in range(chunk):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            probe.step(loss)
            trained += 1
        print(f"trained {trained}", flush=True)
print(f"run {probe.run_id} finished after {trained}", flush=True)
