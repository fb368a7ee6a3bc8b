// bad.py with IR that does not parse.
func.func @bad(%x: memref<1024xf32> {
