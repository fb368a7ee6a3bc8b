"""What one import has measured or exported, kept for its next attempt.

solar retries an import whose verification sizes the structure check
refused (docs/importers.md, "A refused candidate is retried"): the exporter
runs again with the refused sizes added, chooses the next larger candidate
and exports both sizes again. Everything but the new verification sizes is
what the attempt before computed already: every candidate's cost (a meta
forward pass each, 13 to 42 of them per choice), the full-size export (the
same program at the same sizes: a torch.export, a run_decompositions and
torch-mlir's import, seconds on a whole model), torch's FLOP count at full
size, and which way of building the program its export needed. The memo
keeps them in the work directory (MEMO_FILE) and gives them back to the
next attempt of the same import, and within one attempt gives a candidate
measured twice its first figures.

The memo is tied to one import by a fingerprint of everything the entries
depend on: the program's bytes, the framework and importer versions, and
the command-line options of the import but --refused (the one that
changes between attempts). A work directory kept from another program,
another version or other options (solar analyze --keep-reference DIR run
again) holds no entry for this one: its memo is ignored and replaced.
Entries are deterministic functions of their keys (the same forward pass
on the same shapes), so an entry taken from the memo is the figure the
work would have given."""
import hashlib
import os
import pickle

MEMO_FILE = "import-memo.pickle"
_FORMAT = 1


def _fingerprint(args, versions):
    digest = hashlib.sha256()
    try:
        with open(args.program, "rb") as f:
            digest.update(f.read())
    except OSError:
        pass  # loading the program says what is wrong with it, as before
    options = {k: v for k, v in sorted(vars(args).items())
               if k not in ("refused", "output")}
    digest.update(repr((_FORMAT, os.path.abspath(args.program), versions,
                        options)).encode())
    return digest.hexdigest()


def key_of(*parts):
    """A compact key for parts that print the same when they are the same
    (override dicts, shape signatures): their repr's digest."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()


class Memo:
    """Entries of one import (`get`, `put`), read from and written to
    OUTDIR/MEMO_FILE (`save`). Exceptions a computation raised are entries
    too (`call`): a candidate that does not build is refused again at
    once, with its message."""

    def __init__(self, path, fingerprint):
        self.path, self.fingerprint = path, fingerprint
        self.entries = {}
        self.hits = 0
        try:
            with open(path, "rb") as f:
                stored = pickle.load(f)
            if stored.get("fingerprint") == fingerprint:
                self.entries = stored["entries"]
        except (OSError, EOFError, pickle.PickleError, AttributeError,
                KeyError, TypeError, ImportError, IndexError):
            pass  # none yet, or not this import's: start empty

    @classmethod
    def for_import(cls, args, versions):
        return cls(os.path.join(args.output, MEMO_FILE),
                   _fingerprint(args, versions))

    def get(self, key, default=None):
        if key in self.entries:
            self.hits += 1
            return self.entries[key]
        return default

    def put(self, key, value):
        self.entries[key] = value
        return value

    def call(self, key, compute, *errors):
        """compute()'s value, from the memo when it has one for `key`; an
        exception of the types `errors` is remembered too and raised again
        (its type and message; the traceback is not kept)."""
        if key in self.entries:
            self.hits += 1
            kind, value = self.entries[key]
            if kind == "raise":
                raise value[0](value[1])
            return value
        try:
            value = compute()
        except errors as exc:
            self.entries[key] = ("raise", (type(exc), str(exc)))
            raise
        self.entries[key] = ("value", value)
        return value

    def save(self):
        """Writes the entries (atomically: a killed import leaves the memo
        before it or after it, never half of it)."""
        temporary = self.path + ".tmp"
        try:
            with open(temporary, "wb") as f:
                pickle.dump({"fingerprint": self.fingerprint,
                             "entries": self.entries}, f,
                            protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.path)
        except (OSError, pickle.PickleError, TypeError, AttributeError):
            # A figure that does not pickle only costs the next attempt
            # its recomputation.
            try:
                os.remove(temporary)
            except OSError:
                pass
