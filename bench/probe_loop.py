"""The training loop that bench_probe.py times and profile_probe.py profiles: an MLP
256-512-512-512-10 with SGD (lr 1e-3, momentum 0.9) on 1024 random samples, batches of 128; on
CUDA in real fp16 (torch.autocast) with a torch.amp.GradScaler."""
import contextlib

import torch

BATCH = 128


def make(device):
    """The model (seeded: every variant starts from the same weights) and its optimizer."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 512), torch.nn.ReLU(),
                                torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    model = model.to(device)
    return model, torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)


def make_data(device):
    return torch.randn(1024, 256).to(device), torch.randint(0, 10, (1024,)).to(device)


def train_step(model, opt, scaler, x, y, i):
    """Step i (its batch: i's slice of the samples), through the scaler when there is one;
    returns the loss."""
    idx = (i * BATCH) % (len(x) - BATCH)
    opt.zero_grad()
    cuda = x.device.type == "cuda"
    with torch.autocast(device_type="cuda", dtype=torch.float16) if cuda else contextlib.nullcontext():
        loss = torch.nn.functional.cross_entropy(model(x[idx:idx + BATCH]), y[idx:idx + BATCH])
    if scaler is not None:
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
    else:
        loss.backward()
        opt.step()
    return loss
