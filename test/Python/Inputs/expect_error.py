"""The API tests' check of a refused call: prints the SolarError's exit
status and diagnostic and exits 0, or says there was none and exits 1."""
import sys

import solar


def expect_solar_error(call):
    try:
        call()
    except solar.SolarError as exc:
        print(f"SolarError status {exc.status}")
        print(f"diagnostic {exc.diagnostic}")
        sys.exit(0)
    print("no exception")
    sys.exit(1)
