"""Timing the reference: warm-up runs, then the median and minimum of N, and
whether the machine was quiet enough for them to mean anything.

A time measured while other processes compete for the cores, or while the
hypervisor steals them, says more about the machine than about the program:
at load 5.8 on two cores a 3.5x headroom read as 1740x. As pyperf and
Google Benchmark do, the conditions are measured around the timed runs and
reported with them; solar marks headroom and violations from an unreliable
timing as such (docs/analyze.md, "Timing conditions")."""
import os
import statistics
import time

# Other processes using more than this share of the cores the runner may
# use, steal above this share of the window, or a spread of the runs above
# this share of their median: the timing is reported as unreliable.
BUSY_SHARE = 0.25
STEAL_SHARE = 0.05
SPREAD_SHARE = 0.25
# The shortest window the machine's load is read over.
MIN_WINDOW_S = 0.2


def _cpu_jiffies():
    """(busy, steal) jiffies of all CPUs from /proc/stat, or None."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    if not fields or fields[0] != "cpu":
        return None
    values = [int(v) for v in fields[1:]]
    values += [0] * (8 - len(values))
    user, nice, system, idle, iowait, irq, softirq, steal = values[:8]
    return user + nice + system + irq + softirq, steal


def _own_cpu_seconds():
    t = os.times()
    return t.user + t.system


def _governor():
    try:
        with open("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
                  encoding="ascii") as f:
            return f.read().strip()
    except OSError:
        return None


def _spread(times):
    """Interquartile range over the median (the whole range below 4 runs)."""
    median = statistics.median(times)
    if median <= 0:
        return 0.0
    if len(times) >= 4:
        q = statistics.quantiles(times, n=4)
        return (q[2] - q[0]) / median
    return (max(times) - min(times)) / median


class Conditions:
    """CPU use of the rest of the machine between start() and stop()."""

    def start(self):
        self.jiffies = _cpu_jiffies()
        self.own = _own_cpu_seconds()
        self.wall = time.perf_counter()

    def stop(self, times):
        # /proc/stat counts in jiffies (10 ms): a window of a few fast runs
        # would read as idle. Waiting out the rest of MIN_WINDOW_S costs no
        # CPU of ours, so what the machine does meanwhile is its load.
        rest = MIN_WINDOW_S - (time.perf_counter() - self.wall)
        if rest > 0:
            time.sleep(rest)
        wall = time.perf_counter() - self.wall
        own = _own_cpu_seconds() - self.own
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cores = os.cpu_count() or 1
        result = {"cores": cores, "governor": _governor(),
                  "relative_spread": _spread(times),
                  "other_cores": None, "steal_share": None, "note": None}
        end = _cpu_jiffies()
        if self.jiffies is not None and end is not None and wall > 0:
            hz = os.sysconf("SC_CLK_TCK")
            busy = (end[0] - self.jiffies[0]) / hz
            steal = (end[1] - self.jiffies[1]) / hz
            # What every CPU did minus what this process did: the rest of
            # the machine, in cores, averaged over the window. Jiffies are
            # coarse (10 ms), so very short windows read as idle.
            result["other_cores"] = max(0.0, (busy - own) / wall)
            result["steal_share"] = max(0.0, steal / (wall * cores))
        reasons = []
        if result["other_cores"] is not None and \
                result["other_cores"] > BUSY_SHARE * cores:
            reasons.append(
                f"other processes used {result['other_cores']:.2g} of "
                f"{cores} core(s) during the runs")
        if result["steal_share"] is not None and \
                result["steal_share"] > STEAL_SHARE:
            reasons.append(f"the hypervisor stole "
                           f"{100 * result['steal_share']:.0f}% of the cores")
        if len(times) > 1 and result["relative_spread"] > SPREAD_SHARE:
            reasons.append(f"the runs spread by "
                           f"{100 * result['relative_spread']:.0f}% of "
                           f"their median")
        if result["governor"] not in (None, "performance"):
            # Reported, not counted against the timing: most laptops and
            # cloud hosts run 'schedutil' or 'powersave' at full clock under
            # load; the spread shows when they do not.
            result["note"] = (f"CPU frequency governor "
                              f"'{result['governor']}', not 'performance'")
        result["reliable"] = not reasons
        result["reasons"] = reasons
        return result


def measure(run_once, synchronize, warmup, runs, clock):
    """`run_once()` performs one forward pass; `synchronize()` waits for the
    device (a no-op on the CPU). Each measured run is synchronized on both
    ends, so it covers the device work and not just its launch. With
    `runs` 0 nothing runs, warm-up included: the times are None (a caller
    that times elsewhere or not at all: solar analyze's import, whose
    reference runs at the verification sizes; analyze times at full size
    where the arch's device is)."""
    if runs == 0:
        return {"warmup": 0, "runs": 0, "clock": clock, "median_s": None,
                "min_s": None, "mean_s": None, "times_s": [],
                "conditions": None}
    for _ in range(warmup):
        run_once()
        synchronize()
    times = []
    conditions = Conditions()
    conditions.start()
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
        "conditions": conditions.stop(times),
    }
