"""Test (c): one rank of a 2-process gloo DDP run through the probe. The driver starts two with
RANK, WORLD_SIZE and AMPSCOPE_TEST_INIT (a file:// rendezvous, so no port can clash).
argv: out.db"""
import os
import sys

import torch
import torch.distributed as dist

import ampscope
from common import Net

dist.init_process_group("gloo", init_method=os.environ["AMPSCOPE_TEST_INIT"],
                        rank=int(os.environ["RANK"]), world_size=int(os.environ["WORLD_SIZE"]))
rank = dist.get_rank()
torch.manual_seed(0)
model = torch.nn.parallel.DistributedDataParallel(Net())
opt = torch.optim.SGD(model.parameters(), lr=0.05)
torch.manual_seed(100 + rank)  # each rank its own data
with ampscope.watch(model, out=sys.argv[1], every=1, optimizer=opt) as probe:
    for step in range(8):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(torch.randn(32, 6)), torch.randint(0, 3, (32,)))
        loss.backward()
        opt.step()
        probe.step(loss)
print(f"rank {rank} run {probe.run_id} group {probe.group}")
dist.destroy_process_group()
