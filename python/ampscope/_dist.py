"""torch.distributed: which rank this process is, and the run group the ranks share."""
import os
import time
import uuid


def origin():
    """(rank, world_size, group). Outside a process group: (0, 1, "").

    Under torch.distributed every rank must call this at the same point (watch() does): rank 0
    makes a group name and broadcasts it through the process group, so all ranks of one job
    share it and two jobs never do."""
    try:
        import torch.distributed as dist
    except ImportError:  # a torch built without distributed
        return 0, 1, ""
    if not (dist.is_available() and dist.is_initialized()):
        return 0, 1, ""
    rank, world = dist.get_rank(), dist.get_world_size()
    name = [None]
    if rank == 0:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        name[0] = f"ddp-{stamp}-{uuid.uuid4().hex[:8]}"
    # broadcast_object_list moves its pickled bytes on the backend's device: with NCCL that is
    # the rank's current CUDA device, which DDP scripts set before init_process_group.
    dist.broadcast_object_list(name, src=0)
    return rank, world, str(name[0])


def host_label():
    return os.uname().nodename if hasattr(os, "uname") else ""
