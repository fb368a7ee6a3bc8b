func.func @f() attributes {solar.sol = #solar.sol<{arch = "H100_SXM", bound = "fast"}>} {
  return
}
