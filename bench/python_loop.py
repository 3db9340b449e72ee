"""The plain PyTorch baseline for bench_training: spiral-mlp, batch 256, Adam, fp32, the same
thread count. Prints 'steps_per_sec <x>'. Run with Debian's python3 (python3-torch)."""
import sys
import time

import torch

threads, steps = int(sys.argv[1]), int(sys.argv[2])
torch.set_num_threads(threads)
torch.manual_seed(0)
n = 3000
t = torch.rand(n) * 3 * 3.14159
cls = torch.randint(0, 3, (n,))
x = torch.stack([t * torch.cos(t + cls * 2.094), t * torch.sin(t + cls * 2.094)], 1) / 10
model = torch.nn.Sequential(torch.nn.Linear(2, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64), torch.nn.ReLU(),
                            torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 3))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
perm = torch.randperm(n)


def step(i):
    idx = perm[(i * 256) % (n - 256):][:256]
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x[idx]), cls[idx])
    loss.backward()
    opt.step()
    return loss


for i in range(20):
    step(i)
t0 = time.perf_counter()
for i in range(steps):
    step(i)
print("steps_per_sec", steps / (time.perf_counter() - t0))
