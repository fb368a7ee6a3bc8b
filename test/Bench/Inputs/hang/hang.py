# Hangs while the reference imports it; writes its pid to $BENCH_HANG_PID
# first so the test can check that the timeout killed it.
import os
import time

with open(os.environ["BENCH_HANG_PID"], "w") as f:
    f.write(str(os.getpid()))
time.sleep(600)
