# check_cases.py - check sonnx-translate against the generated ONNX cases.
#
# Part of the sonnx project.
#
# Usage: check_cases.py SONNX_TRANSLATE SRC_ROOT CASES_DIR
#
# For every case written by scripts/gen_onnx_models.py:
# - the import succeeds for "pass" and "runtime-error" cases (also with
#   --dynamic-input-shapes), and fails with exit code 1 citing the case's
#   rule for "invalid" cases;
# - with --strict-profile, it fails citing the case's strict_rule, if any,
#   and succeeds otherwise;
# - every TensorProto (test data files and the model's initializers)
#   survives --import-tensor then --export-tensor: the tensor written by
#   sonnx's C++ code decodes, with an independent Python decoder, to the
#   same elements bit for bit as the original, and a test data file (in
#   raw_data or string_data) comes back byte for byte.
# Prints one line per failure and a summary; exits 1 on any failure.
#
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile


def run(args):
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def check_case(translate, gen, onnx, cases_dir, case, tmp):
    """Checks one case; returns (failures, tensors)."""
    failures = []
    tensors = 0

    def fail(message):
        failures.append("%s: %s" % (case, message))

    def roundtrip(label, tensor, expect_bytes):
        """Checks --import-tensor / --export-tensor on one TensorProto."""
        original = os.path.join(tmp, "original.pb")
        text = os.path.join(tmp, "tensor.txt")
        written = os.path.join(tmp, "written.pb")
        data = gen.serialize(tensor)
        with open(original, "wb") as f:
            f.write(data)
        rc, _, err = run([translate, "--import-tensor", original, "-o", text])
        if rc != 0:
            fail("%s: --import-tensor failed: %s" % (label, err.strip()))
            return
        rc, _, err = run([translate, "--export-tensor", text, "--tensor-name",
                          tensor.name, "-o", written])
        if rc != 0:
            fail("%s: --export-tensor failed: %s" % (label, err.strip()))
            return
        back = onnx.TensorProto()
        with open(written, "rb") as f:
            back_bytes = f.read()
        back.ParseFromString(back_bytes)
        want_type, want = gen.decode_tensor(tensor)
        got_type, got = gen.decode_tensor(back)
        if want_type != got_type or not gen.same_bits(want, got):
            fail("%s: elements differ after the round trip" % label)
        elif expect_bytes and back_bytes != data:
            fail("%s: the written TensorProto differs from the original"
                 % label)

    case_dir = os.path.join(cases_dir, case)
    with open(os.path.join(case_dir, "case.json")) as f:
        meta = json.load(f)
    model = os.path.join(case_dir, "model.onnx")

    rc, _, err = run([translate, "--import-onnx", model])
    if meta["expect"] == "invalid":
        cite = "[%s]" % meta["rule"]
        if rc != 1 or cite not in err:
            fail("expected exit 1 citing %s, got %d: %s"
                 % (cite, rc, err.strip()))
    elif rc != 0:
        fail("expected a successful import, got %d: %s" % (rc, err.strip()))
    if meta["expect"] != "invalid":
        rc, _, err = run([translate, "--import-onnx", model,
                          "--dynamic-input-shapes"])
        if rc != 0:
            fail("--dynamic-input-shapes: expected a successful import, "
                 "got %d: %s" % (rc, err.strip()))
        rc, _, err = run([translate, "--import-onnx", model,
                          "--strict-profile"])
        if meta["strict_rule"]:
            cite = "[%s]" % meta["strict_rule"]
            if rc != 1 or cite not in err:
                fail("--strict-profile: expected exit 1 citing %s, got %d: "
                     "%s" % (cite, rc, err.strip()))
        elif rc != 0:
            fail("--strict-profile: expected a successful import, got %d: %s"
                 % (rc, err.strip()))

    # Tensors: the test data, and the initializers of valid models.
    data_dir = os.path.join(case_dir, "test_data_set_0")
    for name in sorted(os.listdir(data_dir)):
        tensor = onnx.TensorProto()
        with open(os.path.join(data_dir, name), "rb") as f:
            tensor.ParseFromString(f.read())
        if tensor.data_type == gen.DTYPES["float8e4m3fn"]:
            rc, _, err = run([translate, "--import-tensor",
                              os.path.join(data_dir, name)])
            if rc != 1 or "[profile.types]" not in err:
                fail("%s: expected exit 1 citing [profile.types], got %d: %s"
                     % (name, rc, err.strip()))
            continue
        tensors += 1
        roundtrip(name, tensor, expect_bytes=True)
    if meta["expect"] != "invalid":
        for init in onnx.load(model).graph.initializer:
            tensors += 1
            roundtrip("initializer '%s'" % init.name, init,
                      expect_bytes=init.HasField("raw_data") or
                      init.data_type == gen.DTYPES["string"])
    return failures, tensors


def main():
    translate, src_root, cases_dir = sys.argv[1:4]
    sys.path.insert(0, os.path.join(src_root, "scripts"))
    import gen_onnx_models as gen
    import onnx

    root = tempfile.mkdtemp()
    cases = sorted(os.listdir(cases_dir))

    def work(index_case):
        index, case = index_case
        tmp = os.path.join(root, str(index))
        os.makedirs(tmp)
        return case, check_case(translate, gen, onnx, cases_dir, case, tmp)

    # The cases are independent: check them on every core.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        results = list(pool.map(work, enumerate(cases)))
    shutil.rmtree(root)

    failures, tensors = [], 0
    for case, (case_failures, case_tensors) in results:
        failures += case_failures
        tensors += case_tensors
    for line in failures:
        print("FAIL: " + line)
    print("%d cases checked, %d tensors round-tripped, %d failures"
          % (len(cases), tensors, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
