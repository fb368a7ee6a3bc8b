// @f as convert-func-to-llvm leaves a verified function and its C
// interface: the wrapper loads the descriptor and calls @f with its fields.
// @g has a second caller (@h), so its body stays where it is.
module {
  llvm.func internal @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64) attributes {passthrough = ["noinline", "optnone"]} {
    %0 = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %1 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %0, %1 : f32, !llvm.ptr
    llvm.br ^bb1
  ^bb1:
    llvm.store %0, %arg1 : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr) {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64)>
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64)>
    llvm.call @f(%1, %2, %3) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func internal @g(%arg0: !llvm.ptr) {
    llvm.return
  }
  llvm.func @_mlir_ciface_g(%arg0: !llvm.ptr) {
    llvm.call @g(%arg0) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @h(%arg0: !llvm.ptr) {
    llvm.call @g(%arg0) : (!llvm.ptr) -> ()
    llvm.return
  }
}
