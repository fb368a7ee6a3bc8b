"""Runs `solar translate PROGRAM -o OUT FLAG VALUE` for each bad value
(test/LLM/flag-ranges.test) and prints the exit status and the error."""
import subprocess
import sys

solar, program, out = sys.argv[1:4]
CASES = [
    ("--temperature", "nan"), ("--temperature", "inf"), ("--temperature", "2.5"),
    ("--max-attempts", "2147483648"), ("--max-attempts", "4294967295"),
    ("--max-attempts", "0"), ("--timeout", "nan"), ("--timeout", "0"),
    ("--connect-timeout", "1e999"), ("--http-retries", "1e3"),
    ("--http-retries", "-1"), ("--max-tokens", "99999999999"),
    ("--max-tokens", "12x"), ("--max-reply-bytes", "2GiB"),
    ("--retry-after-cap", "-1"), ("--runs", "0"),
]
for flag, value in CASES:
    r = subprocess.run([solar, "translate", program, "-o", out, flag, value],
                       capture_output=True, text=True, timeout=60,
                       env={"PATH": "/usr/bin:/bin"})
    message = r.stderr.strip().replace("solar translate: error: ", "")
    print(f"{flag} {value}: rc {r.returncode}: {message}")
