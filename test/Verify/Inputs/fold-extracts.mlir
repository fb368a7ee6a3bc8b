// A descriptor built with insertvalue and read back, as the lowered entry
// passes memrefs to its calls; %p is read at its own position (folded),
// %1's field [3, 0] through two disjoint writes (folded), [3] is a part of
// the aggregate that [3, 0] and [3, 1] wrote (kept), and a read of the
// function argument %arg0 (no insertvalue: kept).
module {
  llvm.func @callee(!llvm.ptr, i64, i64)
  llvm.func @user(!llvm.array<2 x i64>)
  llvm.func @f(%arg0: !llvm.struct<(ptr, i64, array<2 x i64>)>, %p: !llvm.ptr, %a: i64, %b: i64) {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %1 = llvm.insertvalue %p, %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %2 = llvm.insertvalue %a, %1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %3 = llvm.insertvalue %b, %2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %4 = llvm.extractvalue %3[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %5 = llvm.extractvalue %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %6 = llvm.extractvalue %arg0[1] : !llvm.struct<(ptr, i64, array<2 x i64>)>
    llvm.call @callee(%4, %5, %6) : (!llvm.ptr, i64, i64) -> ()
    %7 = llvm.extractvalue %3[3] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    llvm.call @user(%7) : (!llvm.array<2 x i64>) -> ()
    llvm.return
  }
  // Every read folds: the three insertvalue ops are left without uses and
  // erased, the last first.
  llvm.func @g(%p: !llvm.ptr, %a: i64) {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %1 = llvm.insertvalue %p, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %2 = llvm.insertvalue %p, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %3 = llvm.insertvalue %a, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %4 = llvm.extractvalue %3[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    %5 = llvm.extractvalue %3[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
    llvm.call @callee(%4, %5, %5) : (!llvm.ptr, i64, i64) -> ()
    llvm.return
  }
}
