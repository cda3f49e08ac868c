#!/usr/bin/env python3
# gen_bit_moves.py - every element type of sonnx.expand and sonnx.broadcast
# through every broadcast form, as one MLIR module (test/Pipeline/
# bit-moves.test): a scalar and a size-1 dimension broadcast to static and
# to run-time sizes, expand with axes_mapping, two expands in a row,
# broadcast of two inputs. The function names say the form and the type,
# which check_bit_moves.py names in its findings.
#
# Usage: gen_bit_moves.py [--static]   (--static: the static forms only,
# for --sonnx-to-llvm=static-memory)
import sys

# The element types of expand.types (reshape.types) and broadcast.types
# (no bfloat16, no complex), as MLIR spells them.
EXPAND_TYPES = ["i1", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64",
                "ui64", "f16", "bf16", "f32", "f64", "complex<f32>",
                "complex<f64>", "!sonnx.string"]
BROADCAST_TYPES = [t for t in EXPAND_TYPES
                   if t not in ("bf16", "complex<f32>", "complex<f64>")]


def mangle(t):
    return (t.replace("complex<", "c").replace(">", "")
            .replace("!sonnx.string", "string"))


def shape_constant(values):
    return ("%%s = arith.constant dense<[%s]> : tensor<%dxi64>"
            % (", ".join(map(str, values)), len(values)))


def functions(static_only):
    out = []

    def fn(name, t, args, body, results):
        out.append("func.func @%s_%s(%s) -> (%s) {\n  %s\n  return %s : %s\n}"
                   % (name, mangle(t), ", ".join(args),
                      ", ".join(r[1] for r in results), "\n  ".join(body),
                      ", ".join(r[0] for r in results),
                      ", ".join(r[1] for r in results)))

    for t in EXPAND_TYPES:
        # A scalar to a static size, and to one known only at run time.
        fn("expand_scalar_static", t, ["%%x: tensor<%s>" % t],
           [shape_constant([6]),
            "%%y = sonnx.expand %%x, %%s : (tensor<%s>, tensor<1xi64>) -> "
            "tensor<6x%s>" % (t, t)], [("%y", "tensor<6x%s>" % t)])
        fn("expand_dim1_static", t, ["%%x: tensor<3x1x%s>" % t],
           [shape_constant([2, 3, 40]),
            "%%y = sonnx.expand %%x, %%s : (tensor<3x1x%s>, tensor<3xi64>) "
            "-> tensor<2x3x40x%s>" % (t, t)],
           [("%y", "tensor<2x3x40x%s>" % t)])
        fn("expand_axes_mapping_static", t, ["%%x: tensor<3x%s>" % t],
           [shape_constant([2, 3, 4, 5]),
            "%%y = sonnx.expand %%x, %%s {axes_mapping = array<i64: 1>} : "
            "(tensor<3x%s>, tensor<4xi64>) -> tensor<2x3x4x5x%s>" % (t, t)],
           [("%y", "tensor<2x3x4x5x%s>" % t)])
        if static_only:
            continue
        fn("expand_scalar_dynamic", t,
           ["%%x: tensor<%s>" % t, "%s: tensor<1xi64>"],
           ["%%y = sonnx.expand %%x, %%s : (tensor<%s>, tensor<1xi64>) -> "
            "tensor<?x%s>" % (t, t)], [("%y", "tensor<?x%s>" % t)])
        fn("expand_dim1_dynamic", t,
           ["%%x: tensor<3x1x%s>" % t, "%s: tensor<3xi64>"],
           ["%%y = sonnx.expand %%x, %%s : (tensor<3x1x%s>, tensor<3xi64>) "
            "-> tensor<?x?x?x%s>" % (t, t)],
           [("%y", "tensor<?x?x?x%s>" % t)])
        fn("expand_axes_mapping_dynamic", t,
           ["%%x: tensor<3x%s>" % t, "%s: tensor<4xi64>"],
           ["%%y = sonnx.expand %%x, %%s {axes_mapping = array<i64: 1>} : "
            "(tensor<3x%s>, tensor<4xi64>) -> tensor<?x?x?x?x%s>" % (t, t)],
           [("%y", "tensor<?x?x?x?x%s>" % t)])
        fn("expand_twice_dynamic", t,
           ["%%x: tensor<1x%s>" % t, "%s: tensor<1xi64>",
            "%s2: tensor<1xi64>"],
           ["%%y = sonnx.expand %%x, %%s : (tensor<1x%s>, tensor<1xi64>) -> "
            "tensor<?x%s>" % (t, t),
            "%%z = sonnx.expand %%y, %%s2 : (tensor<?x%s>, tensor<1xi64>) -> "
            "tensor<?x%s>" % (t, t)], [("%z", "tensor<?x%s>" % t)])
        fn("expand_input_dynamic", t,
           ["%%x: tensor<?x1x%s>" % t],
           [shape_constant([1, 33]),
            "%%y = sonnx.expand %%x, %%s : (tensor<?x1x%s>, tensor<2xi64>) "
            "-> tensor<?x33x%s>" % (t, t)], [("%y", "tensor<?x33x%s>" % t)])
    for t in BROADCAST_TYPES:
        fn("broadcast_static", t,
           ["%%a: tensor<%s>" % t, "%%b: tensor<3x1x%s>" % t],
           ["%%y:2 = sonnx.broadcast %%a, %%b : (tensor<%s>, tensor<3x1x%s>)"
            " -> (tensor<3x1x%s>, tensor<3x1x%s>)" % (t, t, t, t)],
           [("%y#0", "tensor<3x1x%s>" % t), ("%y#1", "tensor<3x1x%s>" % t)])
        fn("broadcast_dim1_static", t,
           ["%%a: tensor<1x40x%s>" % t, "%%b: tensor<3x1x%s>" % t],
           ["%%y:2 = sonnx.broadcast %%a, %%b : (tensor<1x40x%s>, "
            "tensor<3x1x%s>) -> (tensor<3x40x%s>, tensor<3x40x%s>)"
            % (t, t, t, t)],
           [("%y#0", "tensor<3x40x%s>" % t), ("%y#1", "tensor<3x40x%s>" % t)])
        if static_only:
            continue
        fn("broadcast_dynamic", t,
           ["%%a: tensor<?x1x%s>" % t, "%%b: tensor<1x?x%s>" % t],
           ["%%y:2 = sonnx.broadcast %%a, %%b : (tensor<?x1x%s>, "
            "tensor<1x?x%s>) -> (tensor<?x?x%s>, tensor<?x?x%s>)"
            % (t, t, t, t)],
           [("%y#0", "tensor<?x?x%s>" % t), ("%y#1", "tensor<?x?x%s>" % t)])
        fn("broadcast_scalar_dynamic", t,
           ["%%a: tensor<%s>" % t, "%%b: tensor<?x%s>" % t],
           ["%%y:2 = sonnx.broadcast %%a, %%b : (tensor<%s>, tensor<?x%s>) "
            "-> (tensor<?x%s>, tensor<?x%s>)" % (t, t, t, t)],
           [("%y#0", "tensor<?x%s>" % t), ("%y#1", "tensor<?x%s>" % t)])
    return out


def main(argv):
    static_only = "--static" in argv
    print("// Generated by gen_bit_moves.py%s.\n" %
          (" --static" if static_only else ""))
    print("\n\n".join(functions(static_only)))


if __name__ == "__main__":
    main(sys.argv[1:])
