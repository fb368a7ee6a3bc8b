"""Timing the reference: warm-up runs, then the median and minimum of N."""
import statistics
import time


def measure(run_once, synchronize, warmup, runs, clock):
    """`run_once()` performs one forward pass; `synchronize()` waits for the
    device (a no-op on the CPU). Each measured run is synchronized on both
    ends, so it covers the device work and not just its launch."""
    for _ in range(warmup):
        run_once()
        synchronize()
    times = []
    for _ in range(runs):
        synchronize()
        start = time.perf_counter()
        run_once()
        synchronize()
        times.append(time.perf_counter() - start)
    return {
        "warmup": warmup,
        "runs": runs,
        "clock": clock,
        "median_s": statistics.median(times),
        "min_s": min(times),
        "mean_s": statistics.fmean(times),
        "times_s": times,
    }
