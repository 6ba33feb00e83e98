// The WebAssembly module's exports (out/wasm/beztune.wasm, built by scripts/build-embedded.sh):
// the API (BeztuneAPI's `APICall`) called by name through linear memory. wasm/beztune.mjs is the
// only intended caller: it copies the name and the arguments' JSON text in (`bt_alloc`), calls
// `bt_call`, reads the answer and frees every block it was given (`bt_free`), so a page using
// the JavaScript module never manages this memory.
import BeztuneAPI

/// `count` bytes (at least 1) for the caller to fill, freed by `bt_free`.
@_cdecl("bt_alloc")
public func allocate(_ count: Int32) -> UnsafeMutableRawPointer? {
    guard count >= 0 else { return nil }
    return UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

@_cdecl("bt_free")
public func free(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// The UTF-8 text at `bytes` (invalid sequences replaced, as a `TextDecoder` does).
private func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

/// Calls the function named by the UTF-8 text `name` with the arguments `arguments` (JSON text)
/// and returns one block, freed by `bt_free`: a 32-bit little-endian status — 0 the answer,
/// 1 a usage error (the caller's arguments), 2 a runtime failure (the input's content) — a
/// 32-bit length, then that many bytes of UTF-8: the answer's JSON text or the message.
@_cdecl("bt_call")
public func call(_ name: UnsafeRawPointer?, _ nameCount: Int32,
                 _ arguments: UnsafeRawPointer?, _ argumentsCount: Int32) -> UnsafeMutableRawPointer? {
    let status: UInt32
    var body: String
    switch APICall.answer(text(name, nameCount), arguments: text(arguments, argumentsCount)) {
    case .success(let json):
        (status, body) = (0, json)
    case .failure(let error):
        (status, body) = (error.isUsageMistake ? 1 : 2, error.message)
    }
    return body.withUTF8 { bytes in
        let block = UnsafeMutableRawPointer.allocate(byteCount: 8 + bytes.count, alignment: 8)
        block.storeBytes(of: status.littleEndian, as: UInt32.self)
        block.storeBytes(of: UInt32(bytes.count).littleEndian, toByteOffset: 4, as: UInt32.self)
        if let base = bytes.baseAddress { (block + 8).copyMemory(from: base, byteCount: bytes.count) }
        return block
    }
}
