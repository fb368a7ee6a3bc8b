# Sizes in a tuple, a chained assignment and a derived constant; no
# framework needed to load it.
B, T, D = 4, 8, 16
a = b = 32
c = d = D * 2
E = B * T
