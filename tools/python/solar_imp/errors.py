"""The one exception the importer reports as `solar_import: error: ...`."""


class ImportError_(Exception):
    pass
