# A torch that cannot be imported: a solar_import.py client run with this
# on PYTHONPATH succeeds only if the import server, which imported the real
# torch before, does the work.
raise ImportError("fake torch: the client imported torch itself")
