#!/usr/bin/env bash
# The libraries in Embedded Swift: Geometry, ArcError, Deform, LeastSquares, Fitting, Interchange,
# BeztuneAPI and everything they depend on (_Support, _Numerics, CSV; the C shims _CLibc and
# _CIntrinsics) compiled from the same sources with the Swift toolchain and Debian packages only
# (wasi-libc, libclang-rt-16-dev-wasm32: scripts/setup.sh installs them).
#
#   wasm32-unknown-none-wasm   compiled as one program with the module's exports
#                              (wasm/BeztuneWasm.swift), linked against wasi-libc's libc.a and
#                              libm.a and compiler-rt's builtins into beztune.wasm, beside the JavaScript
#                              module (wasm/beztune.mjs) and its TypeScript declarations, in the
#                              folder --out names (default .build/embedded/wasm); --check BEZTUNE
#                              runs the module's Node suite (wasm/tests/) against that native
#                              beztune and the declarations through tsc.
#   arm64-apple-ios18          typechecked, module interfaces emitted (Embedded Swift's
#   arm64-apple-none-macho     restrictions are type-checking errors): what Linux can check of
#                              the Apple platforms — no SDK here, no code generation, no device.
#
# --optimize LEVEL: -Osize (default: the module a page downloads), -O or -Onone.
#
# Usage: scripts/build-embedded.sh [--check BEZTUNE] [--targets "TRIPLE …"] [--optimize LEVEL] [--out DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

check=""
optimize=-Osize
wasm_out=.build/embedded/wasm
triples="wasm32-unknown-none-wasm arm64-apple-ios18 arm64-apple-none-macho"
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check="$2"; shift 2 ;;
        --targets) triples="$2"; shift 2 ;;
        --optimize)
            case "$2" in -O|-Osize|-Onone) optimize="$2" ;; *) echo "build-embedded: --optimize takes -O, -Osize or -Onone, not '$2'" >&2; exit 2 ;; esac
            shift 2 ;;
        --out) wasm_out="$2"; shift 2 ;;
        *) echo "build-embedded: unknown argument '$1' (usage: scripts/build-embedded.sh [--check BEZTUNE] [--targets \"TRIPLE …\"] [--optimize LEVEL] [--out DIR])" >&2; exit 2 ;;
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
modules=(_Support _Numerics Geometry ArcError Deform CSV LeastSquares Interchange Fitting BeztuneAPI)

build=.build/embedded

# One triple. Apple: each module typechecked in dependency order, its interface emitted — the
# check that every library, on its own, is Embedded Swift. WebAssembly: the whole program — every
# library's sources and the exports, wasm/BeztuneWasm.swift — compiled as one module, as a linker
# would see it anyway: one optimisation of all the code a page runs, instead of each module
# specialising its imports' generic code again (a third of the per-module time, and a smaller
# module). Each library's `import` then names an empty module of that name, written first.
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
    start=$SECONDS
    case "$triple" in
        wasm32-*) ;;
        *)
            for m in "${modules[@]}"; do
                sources=$(find "Sources/$m" -name '*.swift' | sort)
                # shellcheck disable=SC2086
                if ! "$swiftc" "${flags[@]}" -module-name "$m" -emit-module -emit-module-path "$out/$m.swiftmodule" \
                        $sources 2>"$out/$m.log"; then
                    echo "build-embedded: $m does not compile in Embedded Swift for $triple:" >&2
                    grep -E "error:" "$out/$m.log" | head -n 20 >&2
                    exit 1
                fi
            done
            echo "build-embedded: ${modules[*]} typechecked for $triple ($((SECONDS - start)) s)"
            return 0
            ;;
    esac

    flags+=(-Xfrontend -disable-stack-protector)
    for m in "${modules[@]}"; do
        : >"$out/$m.swift"
        "$swiftc" "${flags[@]}" -module-name "$m" -emit-module -emit-module-path "$out/$m.swiftmodule" "$out/$m.swift"
    done
    sources=()
    for m in "${modules[@]}"; do
        while IFS= read -r f; do sources+=("$f"); done < <(find "Sources/$m" -name '*.swift' | sort)
    done
    if ! "$swiftc" "${flags[@]}" -module-name BeztuneWasm -c -o "$out/BeztuneWasm.o" "${sources[@]}" wasm/BeztuneWasm.swift \
            2>"$out/BeztuneWasm.log"; then
        echo "build-embedded: the libraries and wasm/BeztuneWasm.swift do not compile in Embedded Swift for $triple:" >&2
        grep -E "error:" "$out/BeztuneWasm.log" | head -n 20 >&2
        exit 1
    fi
    echo "build-embedded: ${modules[*]} and the exports compiled for $triple as one module ($((SECONDS - start)) s)"

    # The runtime hooks, and the link.
    "$clang" --target=wasm32-wasi -O2 -nostdinc -isystem "$("$clang" -print-resource-dir)/include" -isystem "$wasi_include" \
        -c wasm/bt_wasm_runtime.c -o "$out/runtime.o"
    [ -n "$builtins" ] || { echo "build-embedded: compiler-rt's wasm32 builtins are missing (libclang-rt-16-dev-wasm32)" >&2; exit 1; }
    mkdir -p "$wasm_out"
    # Written beside, then renamed into place: a failed link leaves the previous module whole.
    "$wasm_ld" --no-entry --gc-sections --strip-all \
        --export=bt_alloc --export=bt_free --export=bt_call \
        -o "$out/beztune.wasm" "$out/BeztuneWasm.o" "$out/runtime.o" \
        "$embedded_lib/$triple/libswiftUnicodeDataTables.a" "$wasi_lib/libc.a" "$wasi_lib/libm.a" "$builtins"
    # Binaryen's optimiser (Debian's binaryen), when installed, shrinks the code a sixth more:
    # -Oz over the whole linked module, which Swift's -Osize optimises one object at a time.
    if command -v wasm-opt >/dev/null 2>&1 && [ "$optimize" != -Onone ]; then
        wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
            "$out/beztune.wasm" -o "$out/beztune.opt.wasm"
        mv -f "$out/beztune.opt.wasm" "$out/beztune.wasm"
    fi
    cp wasm/beztune.mjs wasm/beztune.d.mts "$wasm_out/"
    mv -f "$out/beztune.wasm" "$wasm_out/beztune.wasm"
    echo "build-embedded: linked $wasm_out/beztune.wasm ($(wc -c <"$wasm_out/beztune.wasm") bytes, $optimize)"
    if [ -n "$check" ]; then
        node wasm/tests/run.mjs "$wasm_out" "$check"
    fi
}

# The Apple typechecks, one after the other, run beside the WebAssembly build (two cores: the
# module's compile, link and Node suite on one, the typechecks on the other), into one log.
apple=() wasm=()
for triple in $triples; do
    case "$triple" in
        wasm32-*) wasm+=("$triple") ;;
        *) apple+=("$triple") ;;
    esac
done
mkdir -p "$build"
pid=""
if [ ${#apple[@]} -gt 0 ]; then
    # Each typecheck refuses with an explicit exit 1 (set -e does not reach inside `||`).
    ( for triple in "${apple[@]}"; do build_triple "$triple" || exit 1; done ) >"$build/apple.log" 2>&1 &
    pid=$!
    # A failed WebAssembly build (set -e) stops the typechecks too.
    trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null || true' EXIT
fi
for triple in "${wasm[@]}"; do
    build_triple "$triple"
done
failed=0
if [ -n "$pid" ]; then
    wait "$pid" || failed=1
    pid=""
    cat "$build/apple.log"
fi
exit $failed
