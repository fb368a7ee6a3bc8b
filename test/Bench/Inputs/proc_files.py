"""The one /proc walk of the bench tests' helpers (check_gone.py,
ray_cluster.py): each live process's pid with a NUL-separated /proc file
of it (environ, cmdline) split into its entries."""
import os


def each_process(name):
    """Yields (pid, entries) for every process whose /proc/PID/NAME can
    still be read."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/{name}", "rb") as f:
                yield int(entry), f.read().split(b"\0")
        except OSError:
            continue
