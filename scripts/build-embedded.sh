#!/usr/bin/env bash
# The libraries in Embedded Swift: Geometry, ArcError, Deform, LeastSquares, Fitting, Interchange
# and everything they depend on (_Support, _Numerics, CSV; the C shims _CLibc and _CIntrinsics)
# compiled from the same sources, module by module, with the Swift toolchain and Debian packages
# only (wasi-libc, libclang-rt-16-dev-wasm32: scripts/setup.sh installs them).
#
#   wasm32-unknown-none-wasm   compiled, then linked with a probe (wasm/EmbeddedProbe.swift)
#                              against wasi-libc's libc.a and libm.a and compiler-rt's builtins
#                              into .build/embedded/probe.wasm, which scripts/wasm-probe.mjs runs
#                              in Node against the native beztune (--check BEZTUNE).
#   arm64-apple-ios18          typechecked, module interfaces emitted (Embedded Swift's
#   arm64-apple-none-macho     restrictions are type-checking errors): what Linux can check of
#                              the Apple platforms — no SDK here, no code generation, no device.
#
# --optimize LEVEL: -O (default), -Osize or -Onone. make test uses -Onone: the same sources and
# the same Embedded restrictions (they are type-checking and mandatory-pass errors), a third of
# -O's compile time; `make embedded` builds with -O.
#
# Usage: scripts/build-embedded.sh [--check BEZTUNE] [--targets "TRIPLE …"] [--optimize LEVEL]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

check=""
optimize=-O
triples="wasm32-unknown-none-wasm arm64-apple-ios18 arm64-apple-none-macho"
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check="$2"; shift 2 ;;
        --targets) triples="$2"; shift 2 ;;
        --optimize)
            case "$2" in -O|-Osize|-Onone) optimize="$2" ;; *) echo "build-embedded: --optimize takes -O, -Osize or -Onone, not '$2'" >&2; exit 2 ;; esac
            shift 2 ;;
        *) echo "build-embedded: unknown argument '$1' (usage: scripts/build-embedded.sh [--check BEZTUNE] [--targets \"TRIPLE …\"] [--optimize LEVEL])" >&2; exit 2 ;;
    esac
done

swiftc=${SWIFTC:-$(command -v swiftc)}
bin=$(dirname "$(readlink -f "$swiftc")")
clang="$bin/clang"
wasm_ld="$bin/wasm-ld"
embedded_lib="$bin/../lib/swift/embedded"
wasi_include=/usr/include/wasm32-wasi
wasi_lib=/usr/lib/wasm32-wasi
builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | head -n 1 || true)

# The modules in dependency order.
modules=(_Support _Numerics Geometry ArcError Deform CSV LeastSquares Interchange Fitting)

build=.build/embedded

# One triple: its modules, and for WebAssembly the probe, the link and the Node check.
build_triple() {
    local triple=$1
    local out="$build/$triple"
    rm -rf "$out"
    mkdir -p "$out/cintrinsics"
    # SwiftPM writes _CIntrinsics' module map itself; here it is written once per build.
    printf 'module _CIntrinsics {\n    header "%s/Sources/_CIntrinsics/include/bt_intrinsics.h"\n    export *\n}\n' "$root" \
        >"$out/cintrinsics/module.modulemap"
    flags=(-target "$triple" -enable-experimental-feature Embedded -wmo "$optimize" -parse-as-library
           -package-name BezierTune -I "$out" -I Sources/_CLibc -I "$out/cintrinsics")
    case "$triple" in
        wasm32-*) flags+=(-Xfrontend -disable-stack-protector) ;;
    esac
    start=$SECONDS
    # WebAssembly: object code for the link; Apple: the typecheck and the module only.
    emit=()
    for m in "${modules[@]}"; do
        case "$triple" in
            wasm32-*) emit=(-c -o "$out/$m.o") ;;
        esac
        sources=$(find "Sources/$m" -name '*.swift' | sort)
        # shellcheck disable=SC2086
        if ! "$swiftc" "${flags[@]}" -module-name "$m" -emit-module -emit-module-path "$out/$m.swiftmodule" \
                "${emit[@]}" $sources 2>"$out/$m.log"; then
            echo "build-embedded: $m does not compile in Embedded Swift for $triple:" >&2
            grep -E "error:" "$out/$m.log" | head -n 20 >&2
            exit 1
        fi
    done
    echo "build-embedded: ${modules[*]} $([ ${#emit[@]} -gt 0 ] && echo compiled || echo typechecked) for $triple ($((SECONDS - start)) s)"
    case "$triple" in
        wasm32-*) ;;
        *) return 0 ;;
    esac

    # The probe, the runtime hooks, and the link.
    if ! "$swiftc" "${flags[@]}" -module-name EmbeddedProbe -c -o "$out/EmbeddedProbe.o" wasm/EmbeddedProbe.swift 2>"$out/probe.log"; then
        echo "build-embedded: wasm/EmbeddedProbe.swift does not compile for $triple:" >&2
        grep -E "error:" "$out/probe.log" | head -n 20 >&2
        exit 1
    fi
    "$clang" --target=wasm32-wasi -O2 -nostdinc -isystem "$("$clang" -print-resource-dir)/include" -isystem "$wasi_include" \
        -c wasm/bt_wasm_runtime.c -o "$out/runtime.o"
    [ -n "$builtins" ] || { echo "build-embedded: compiler-rt's wasm32 builtins are missing (libclang-rt-16-dev-wasm32)" >&2; exit 1; }
    objects=()
    for m in "${modules[@]}"; do objects+=("$out/$m.o"); done
    "$wasm_ld" --no-entry --gc-sections \
        --export=bt_alloc --export=bt_free --export=bt_probe_error --export=bt_probe_fit --export=bt_probe_csv_sum \
        -o "$build/probe.wasm" "$out/EmbeddedProbe.o" "${objects[@]}" "$out/runtime.o" \
        "$embedded_lib/$triple/libswiftUnicodeDataTables.a" "$wasi_lib/libc.a" "$wasi_lib/libm.a" "$builtins"
    echo "build-embedded: linked $build/probe.wasm ($(wc -c <"$build/probe.wasm") bytes)"
    if [ -n "$check" ]; then
        node scripts/wasm-probe.mjs "$build/probe.wasm" "$check"
    fi
}

# The Apple typechecks run beside the WebAssembly build (two cores), each into its own log.
pids=() logs=()
for triple in $triples; do
    case "$triple" in
        wasm32-*) build_triple "$triple" ;;
        *)
            mkdir -p "$build"
            logs+=("$build/$triple.log")
            build_triple "$triple" >"$build/$triple.log" 2>&1 &
            pids+=($!)
            ;;
    esac
done
failed=0
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
    cat "${logs[$i]}"
done
exit $failed
