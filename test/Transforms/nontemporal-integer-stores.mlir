// RUN: sonnx-opt %s --sonnx-nontemporal-integer-stores | FileCheck %s

// A nontemporal store of floats becomes a store of the same bits as
// integers; its alignment stays.
// CHECK-LABEL: llvm.func @half
// CHECK-SAME: (%[[V:.*]]: vector<32xf16>, %[[P:.*]]: !llvm.ptr)
// CHECK: %[[B:.*]] = llvm.bitcast %[[V]] : vector<32xf16> to vector<32xi16>
// CHECK: llvm.store %[[B]], %[[P]] {alignment = 64 : i64, nontemporal} : vector<32xi16>, !llvm.ptr
llvm.func @half(%v: vector<32xf16>, %p: !llvm.ptr) {
  llvm.store %v, %p {alignment = 64 : i64, nontemporal} : vector<32xf16>, !llvm.ptr
  llvm.return
}

// CHECK-LABEL: llvm.func @others
// CHECK-SAME: (%[[BF:.*]]: vector<32xbf16>, %[[F:.*]]: vector<16xf32>, %[[D:.*]]: vector<8xf64>, %[[P:.*]]: !llvm.ptr, %{{.*}}: vector<64xi8>, %{{.*}}: f16)
// CHECK: %[[B1:.*]] = llvm.bitcast %[[BF]] : vector<32xbf16> to vector<32xi16>
// CHECK: llvm.store %[[B1]], %[[P]] {nontemporal} : vector<32xi16>
// f32 and f64 vectors (native), ordinary stores, integer vectors and
// scalars stay as they are.
// CHECK: llvm.store %[[F]], %[[P]] {nontemporal} : vector<16xf32>
// CHECK: llvm.store %[[D]], %[[P]] {nontemporal} : vector<8xf64>
// CHECK: llvm.store %[[F]], %[[P]] : vector<16xf32>
// CHECK: llvm.store %{{.*}}, %[[P]] {nontemporal} : vector<64xi8>
// CHECK: llvm.store %{{.*}}, %[[P]] {nontemporal} : f16
// CHECK-NOT: llvm.bitcast
llvm.func @others(%bf: vector<32xbf16>, %f: vector<16xf32>, %d: vector<8xf64>,
                  %p: !llvm.ptr, %i: vector<64xi8>, %s: f16) {
  llvm.store %bf, %p {nontemporal} : vector<32xbf16>, !llvm.ptr
  llvm.store %f, %p {nontemporal} : vector<16xf32>, !llvm.ptr
  llvm.store %d, %p {nontemporal} : vector<8xf64>, !llvm.ptr
  llvm.store %f, %p : vector<16xf32>, !llvm.ptr
  llvm.store %i, %p {nontemporal} : vector<64xi8>, !llvm.ptr
  llvm.store %s, %p {nontemporal} : f16, !llvm.ptr
  llvm.return
}
