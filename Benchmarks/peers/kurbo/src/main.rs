//! kurbo peer for the benchmarks, single thread, on the workload file beztune-bench writes: built
//! against Debian's kurbo 0.7.1 (this folder's Cargo.toml) or, with the `kurbo013` feature, against
//! kurbo 0.13.1 (run-peers writes that crate's manifest into .build/, depending on
//! ../shared/peers/kurbo-0.13.1 by path).
//!
//! usage:
//!   kurbo-peer WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS        (evaluation, `CubicBez::eval`)
//!   kurbo-peer flatten WORKLOAD TOLERANCE SUBSET OUT REPEATS                (`kurbo::flatten`)
//!   kurbo-peer arclen WORKLOAD ACCURACY SUBSET OUT REPEATS                  (`ParamCurveArclen::arclen`)
//!   kurbo-peer nearest WORKLOAD QUERIES ACCURACY SUBSET OUT REPEATS         (`ParamCurveNearest::nearest`)
//!
//! Evaluation prints `peer,variant,threads,median_s,min_s,max_s,points_per_s,max_abs_diff,workload_fnv`.
//! The geometry modes print `peer,variant,workload,threads,median_s,min_s,max_s,curves_per_s,segments_per_curve,workload_fnv`
//! and write, for the curves listed in SUBSET (little-endian u64 indices, the declared random
//! subset beztune-bench chose), what beztune-bench `--measure-*` checks:
//!   flatten: per curve u64 index, u64 point count, then the points (f64 x, y);
//!   arclen:  per curve u64 index, f64 length;
//!   nearest: per curve u64 index, f64 t, f64 distance (the square root of kurbo's squared distance).
use kurbo::{CubicBez, ParamCurve, ParamCurveArclen, ParamCurveNearest, PathEl, Point};
use std::io::Write;

/// The kurbo release this binary links, as the peer column names it.
#[cfg(not(feature = "kurbo013"))]
const PEER: &str = "kurbo 0.7.1";
#[cfg(feature = "kurbo013")]
const PEER: &str = "kurbo 0.13.1";

/// (t, squared distance) of the nearest point: a tuple in kurbo 0.7, a `Nearest` from 0.8 on.
#[cfg(not(feature = "kurbo013"))]
fn nearest_of(c: &CubicBez, q: Point, accuracy: f64) -> (f64, f64) {
    c.nearest(q, accuracy)
}
#[cfg(feature = "kurbo013")]
fn nearest_of(c: &CubicBez, q: Point, accuracy: f64) -> (f64, f64) {
    let n = c.nearest(q, accuracy);
    (n.t, n.distance_sq)
}
use std::time::Instant;

fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

fn doubles(bytes: &[u8]) -> Vec<f64> {
    bytes.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
}

fn indices(path: &str) -> Vec<usize> {
    std::fs::read(path)
        .expect("subset")
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()) as usize)
        .collect()
}

fn curves_of(v: &[f64]) -> Vec<CubicBez> {
    v.chunks_exact(8)
        .map(|c| CubicBez::new(Point::new(c[0], c[1]), Point::new(c[2], c[3]), Point::new(c[4], c[5]), Point::new(c[6], c[7])))
        .collect()
}

/// One warm-up run, then `repeats` timed runs: (median, min, max) seconds.
fn time<F: FnMut()>(repeats: usize, mut body: F) -> (f64, f64, f64) {
    body();
    let mut times = Vec::new();
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        body();
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = times.len();
    let median = if n % 2 == 1 { times[n / 2] } else { 0.5 * (times[n / 2 - 1] + times[n / 2]) };
    (median, times[0], times[n - 1])
}

/// The polyline kurbo's flattening gives for one cubic, appended to `out` (cleared first):
/// the start point, then every `LineTo`. The same code path as `BezPath::flatten`, which
/// forwards to `kurbo::flatten`; a two-element slice avoids allocating a `BezPath` per curve.
fn flatten_one(c: &CubicBez, tolerance: f64, out: &mut Vec<Point>) {
    out.clear();
    let path = [PathEl::MoveTo(c.p0), PathEl::CurveTo(c.p1, c.p2, c.p3)];
    kurbo::flatten(path, tolerance, |el| match el {
        PathEl::MoveTo(p) | PathEl::LineTo(p) => out.push(p),
        _ => {}
    });
}

fn flatten(args: &[String]) {
    let raw = std::fs::read(&args[0]).expect("workload");
    let tolerance: f64 = args[1].parse().unwrap();
    let subset = indices(&args[2]);
    let repeats: usize = args[4].parse().unwrap();
    let curves = curves_of(&doubles(&raw));
    let mut points = Vec::with_capacity(4096);
    let mut segments = 0usize;
    let (median, lo, hi) = time(repeats, || {
        segments = 0;
        for c in &curves {
            flatten_one(c, tolerance, &mut points);
            segments += points.len() - 1;
        }
    });
    let mut file = std::io::BufWriter::new(std::fs::File::create(&args[3]).expect("output"));
    for &i in &subset {
        flatten_one(&curves[i], tolerance, &mut points);
        file.write_all(&(i as u64).to_le_bytes()).unwrap();
        file.write_all(&(points.len() as u64).to_le_bytes()).unwrap();
        for p in &points {
            file.write_all(&p.x.to_le_bytes()).unwrap();
            file.write_all(&p.y.to_le_bytes()).unwrap();
        }
    }
    file.flush().unwrap();
    println!(
        "{},kurbo::flatten,flatten,1,{:.9e},{:.9e},{:.9e},{:.9e},{:.6},{:016x}", PEER,
        median, lo, hi, curves.len() as f64 / median, segments as f64 / curves.len() as f64, fnv1a64(&raw)
    );
}

fn arclen(args: &[String]) {
    let raw = std::fs::read(&args[0]).expect("workload");
    let accuracy: f64 = args[1].parse().unwrap();
    let subset = indices(&args[2]);
    let repeats: usize = args[4].parse().unwrap();
    let curves = curves_of(&doubles(&raw));
    let mut sum = 0.0;
    let (median, lo, hi) = time(repeats, || {
        sum = 0.0;
        for c in &curves {
            sum += c.arclen(accuracy);
        }
    });
    std::hint::black_box(sum);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&args[3]).expect("output"));
    for &i in &subset {
        file.write_all(&(i as u64).to_le_bytes()).unwrap();
        file.write_all(&curves[i].arclen(accuracy).to_le_bytes()).unwrap();
    }
    file.flush().unwrap();
    println!(
        "{},CubicBez::arclen({:e}),arclength,1,{:.9e},{:.9e},{:.9e},{:.9e},,{:016x}", PEER,
        accuracy, median, lo, hi, curves.len() as f64 / median, fnv1a64(&raw)
    );
}

fn nearest(args: &[String]) {
    let raw = std::fs::read(&args[0]).expect("workload");
    let queries: Vec<Point> = doubles(&std::fs::read(&args[1]).expect("queries"))
        .chunks_exact(2)
        .map(|c| Point::new(c[0], c[1]))
        .collect();
    let accuracy: f64 = args[2].parse().unwrap();
    let subset = indices(&args[3]);
    let repeats: usize = args[5].parse().unwrap();
    let curves = curves_of(&doubles(&raw));
    assert_eq!(queries.len(), curves.len(), "one query point per curve");
    let mut sum = 0.0;
    let (median, lo, hi) = time(repeats, || {
        sum = 0.0;
        for (c, &q) in curves.iter().zip(&queries) {
            sum += nearest_of(c, q, accuracy).1;
        }
    });
    std::hint::black_box(sum);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&args[4]).expect("output"));
    for &i in &subset {
        let (t, d2) = nearest_of(&curves[i], queries[i], accuracy);
        file.write_all(&(i as u64).to_le_bytes()).unwrap();
        file.write_all(&t.to_le_bytes()).unwrap();
        file.write_all(&d2.max(0.0).sqrt().to_le_bytes()).unwrap();
    }
    file.flush().unwrap();
    println!(
        "{},CubicBez::nearest({:e}),nearest,1,{:.9e},{:.9e},{:.9e},{:.9e},,{:016x}", PEER,
        accuracy, median, lo, hi, curves.len() as f64 / median, fnv1a64(&raw)
    );
}

fn evaluate(args: &[String]) {
    let raw = std::fs::read(&args[0]).expect("workload");
    let m: usize = args[1].parse().unwrap();
    let reference = doubles(&std::fs::read(&args[2]).expect("reference"));
    let reference_curves: usize = args[3].parse().unwrap();
    let repeats: usize = args[4].parse().unwrap();
    let curves = curves_of(&doubles(&raw));
    let t: Vec<f64> = (0..m).map(|j| if m == 1 { 0.0 } else { j as f64 / (m - 1) as f64 }).collect();
    let mut out = vec![0.0f64; 2 * curves.len() * m];
    let (median, lo, hi) = time(repeats, || {
        let mut k = 0;
        for c in &curves {
            for &s in &t {
                let p = c.eval(s);
                out[k] = p.x;
                out[k + 1] = p.y;
                k += 2;
            }
        }
    });
    let k = (2 * reference_curves * m).min(out.len()).min(reference.len());
    let diff = (0..k).map(|i| (out[i] - reference[i]).abs()).fold(0.0, f64::max);
    println!(
        "{},CubicBez::eval loop,1,{:.9e},{:.9e},{:.9e},{:.9e},{:.3e},{:016x}", PEER,
        median, lo, hi, (curves.len() * m) as f64 / median, diff, fnv1a64(&raw)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: kurbo-peer WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS\n\
                 \x20      kurbo-peer flatten WORKLOAD TOLERANCE SUBSET OUT REPEATS\n\
                 \x20      kurbo-peer arclen WORKLOAD ACCURACY SUBSET OUT REPEATS\n\
                 \x20      kurbo-peer nearest WORKLOAD QUERIES ACCURACY SUBSET OUT REPEATS";
    let (mode, rest) = match args.first().map(String::as_str) {
        Some("flatten") | Some("arclen") | Some("nearest") => (args[0].as_str(), &args[1..]),
        _ => ("eval", &args[..]),
    };
    let needed = match mode {
        "nearest" => 6,
        _ => 5,
    };
    if rest.len() != needed {
        eprintln!("{}", usage);
        std::process::exit(2);
    }
    match mode {
        "flatten" => flatten(rest),
        "arclen" => arclen(rest),
        "nearest" => nearest(rest),
        _ => evaluate(rest),
    }
}
