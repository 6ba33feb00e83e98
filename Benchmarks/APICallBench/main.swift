// APICallBench: the API's calls (BeztuneAPI's `APICall`, what beztune.wasm answers) timed
// natively, for the side-by-side with the WebAssembly module in Node (wasm/tests/bench.mjs, which
// runs this program on the same calls).
//
//     swift build -c release --product APICallBench && .build/release/APICallBench CALLS.jsonl RUNS
//
// CALLS.jsonl: one call per line, {"label": …, "name": …, "args": {…}}. Each call runs once to
// warm up, then RUNS times; one CSV row per call on standard output: label,median_s,min_s,max_s.
// A call that is refused stops the program (exit 1): a benchmark of an error is no benchmark.
import BeztuneAPI
import Dispatch
import Foundation
import Interchange

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now()
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]), runs > 0,
      let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: APICallBench CALLS.jsonl RUNS\n".utf8))
    exit(2)
}
print("label,median_s,min_s,max_s")
for line in text.split(separator: "\n") where !line.isEmpty {
    guard let call = try? JSONReader().parse(String(line)), let label = call["label"]?.string, let name = call["name"]?.string,
          let args = call["args"] else {
        FileHandle.standardError.write(Data("APICallBench: not a call: \(line.prefix(80))\n".utf8))
        exit(1)
    }
    let json = ResultText.json(args)
    if case .failure(let error) = APICall.answer(name, arguments: json) {
        FileHandle.standardError.write(Data("APICallBench: \(label): \(error.message)\n".utf8))
        exit(1)
    }
    var times: [Double] = []
    for _ in 0..<runs {
        times.append(seconds { _ = APICall.answer(name, arguments: json) })
    }
    times.sort()
    print("\(label),\(times[times.count / 2]),\(times[0]),\(times[times.count - 1])")
}
