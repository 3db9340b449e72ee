"""The plain PyTorch loop bench_training compares with: the same model, data, batch and optimizer
as an AmpScope session, computing no statistics at all. Run with Debian's python3 (python3-torch).

  python_loop.py MODEL OPTIMIZER LR MOMENTUM THREADS STEPS DATA_PREFIX

MODEL: spiral-mlp or deep-mlp (the zoo's widths, ReLU between layers). DATA_PREFIX: the dataset as
bench_training wrote it: PREFIX.x (float32, examples x features, little-endian), PREFIX.y (int64
labels). Batches of 256 from shuffled epochs, as AmpScope's sampler draws them. Prints
'steps_per_sec <x>'. Thread settings come from the caller: THREADS here, BLAS's from
OPENBLAS_NUM_THREADS in the environment (read when the library loads).
"""
import sys
import time

import torch

WIDTHS = {"spiral-mlp": [2, 64, 64, 64, 3], "deep-mlp": [128] * 13 + [10]}


def main():
    model_name, opt_name, lr, momentum, threads, steps, prefix = sys.argv[1:8]
    lr, momentum, threads, steps = float(lr), float(momentum), int(threads), int(steps)
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    widths = WIDTHS[model_name]
    with open(prefix + ".x", "rb") as f:
        x = torch.frombuffer(bytearray(f.read()), dtype=torch.float32).reshape(-1, widths[0])
    with open(prefix + ".y", "rb") as f:
        y = torch.frombuffer(bytearray(f.read()), dtype=torch.int64)
    layers = []
    for i in range(len(widths) - 1):
        layers.append(torch.nn.Linear(widths[i], widths[i + 1]))
        if i + 2 < len(widths):
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)
    if opt_name == "sgd":
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
    else:
        opt = torch.optim.Adam(model.parameters(), lr=lr)
    batch, n = 256, x.shape[0]
    perm, pos = torch.randperm(n), 0

    def step():
        nonlocal perm, pos
        if pos + batch > n:
            perm, pos = torch.randperm(n), 0
        idx = perm[pos:pos + batch]
        pos += batch
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x[idx]), y[idx])
        loss.backward()
        opt.step()
        return loss

    for _ in range(20):
        step()
    t0 = time.perf_counter()
    for _ in range(steps):
        step()
    print("steps_per_sec", steps / (time.perf_counter() - t0))


if __name__ == "__main__":
    main()
