"""Shape signatures that differ only in how often blocks repeat.

An unrolled loop over a sequence (an RNN stepping through its input) runs
the same ops once per step, so a shorter sequence has the full size's
shape signature (sizes.py) with fewer repetitions of a block of ops. The
structure check after export accepts that in the einsum graphs
(tools/solar/frontend/cli_structure_repeat.c: at least 2 repetitions
verified); here the signature, one level up, asks for MIN_REPEATS, a
margin: lowering may fold the first and the last step into what comes
before and after (a zero initial state makes the first step's matmul
vanish), which leaves the IR two repetitions fewer than the program has
steps. Several blocks may each repeat fewer times (a 6-layer LSTM
unrolls one run of steps per layer)."""

MIN_REPEATS = 4


def _periodic(seq, start, end, period):
    return all(seq[i] == seq[i + period] for i in range(start, end - period))


def fewer_repeats(full, small):
    """[(period, full-size entry where `small` left the block)], one per
    block `small` repeats fewer times than `full` (each at least
    MIN_REPEATS times in `small`), when that is all that differs; else
    None (also when nothing differs)."""
    follower = Follower(full)
    if not all(follower.accepts(entry, n) for n, entry in enumerate(small)):
        return None
    end = len(small) + follower.offset
    if end < len(full):
        # The run ended inside a block (nothing follows the loop): the
        # rest of the full size must be its repetitions.
        skipped = follower._skip(end)
        end += skipped or 0
    if end != len(full) or not follower.skips:
        return None
    return follower.skips


def covers(full, small):
    """Whether a run with signature `small` has the structure of `full`:
    the same signature, or fewer repetitions of blocks."""
    return small == full or fewer_repeats(full, small) is not None


class Follower:
    """Follows a forward pass's signature entry by entry against the full
    size's, to stop a candidate at the first entry that can no longer
    match (torch_export._signature_mode, and fewer_repeats): the entries
    must be the full size's, except that where the run leaves a block it
    repeated MIN_REPEATS times, the full size's repetitions of it are
    skipped, a whole number of periods, and the entries go on from there.
    `accepts(entry, n)` is false at the first entry that cannot match."""

    def __init__(self, full):
        self.full, self.offset, self.floor, self.skips = full, 0, 0, []

    def accepts(self, entry, n):
        """Whether entry number n (0-based) of the run may still match."""
        full, k = self.full, n + self.offset
        if k < len(full) and full[k] == entry:
            return True
        skipped = self._skip(k)
        if skipped is None or k + skipped >= len(full) or \
                full[k + skipped] != entry:
            return False
        self.offset += skipped
        self.floor = k + skipped
        return True

    def _skip(self, k):
        """(and records) How many entries of the full signature the run
        skips by leaving, at full-size entry k, a block repeated
        MIN_REPEATS times since the last skip: to where the full size's
        repetitions end, a whole number of periods; None when there is no
        such block."""
        full = self.full
        if k >= len(full):
            return None
        for period in range(1, (k - self.floor) // MIN_REPEATS + 1):
            if not _periodic(full, k - MIN_REPEATS * period, k + 1, period):
                continue
            end = k
            while end < len(full) and full[end] == full[end - period]:
                end += 1
            if (end - k) % period:
                continue
            self.skips.append((period, k))
            return end - k
        return None
