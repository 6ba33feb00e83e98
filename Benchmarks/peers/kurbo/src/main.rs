//! kurbo peer for the evaluation benchmark: `CubicBez::eval` in a plain loop, single thread.
//! usage: kurbo-peer WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS
//! prints CSV rows: peer,variant,threads,median_s,min_s,max_s,points_per_s,max_abs_diff,workload_fnv
use kurbo::{CubicBez, ParamCurve, Point};
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 6 {
        eprintln!("usage: kurbo-peer WORKLOAD SAMPLES REFERENCE REFERENCE_CURVES REPEATS");
        std::process::exit(2);
    }
    let raw = std::fs::read(&args[1]).expect("workload");
    let m: usize = args[2].parse().unwrap();
    let reference = doubles(&std::fs::read(&args[3]).expect("reference"));
    let reference_curves: usize = args[4].parse().unwrap();
    let repeats: usize = args[5].parse().unwrap();
    let v = doubles(&raw);
    let curves: Vec<CubicBez> = v
        .chunks_exact(8)
        .map(|c| CubicBez::new(Point::new(c[0], c[1]), Point::new(c[2], c[3]), Point::new(c[4], c[5]), Point::new(c[6], c[7])))
        .collect();
    let t: Vec<f64> = (0..m).map(|j| if m == 1 { 0.0 } else { j as f64 / (m - 1) as f64 }).collect();
    let mut out = vec![0.0f64; 2 * curves.len() * m];
    let run = |out: &mut Vec<f64>| {
        let mut k = 0;
        for c in &curves {
            for &s in &t {
                let p = c.eval(s);
                out[k] = p.x;
                out[k + 1] = p.y;
                k += 2;
            }
        }
    };
    run(&mut out);
    let mut times = Vec::new();
    for _ in 0..repeats {
        let start = Instant::now();
        run(&mut out);
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = times.len();
    let median = if n % 2 == 1 { times[n / 2] } else { 0.5 * (times[n / 2 - 1] + times[n / 2]) };
    let k = (2 * reference_curves * m).min(out.len()).min(reference.len());
    let diff = (0..k).map(|i| (out[i] - reference[i]).abs()).fold(0.0, f64::max);
    println!(
        "kurbo 0.7,CubicBez::eval loop,1,{:.9e},{:.9e},{:.9e},{:.9e},{:.3e},{:016x}",
        median, times[0], times[n - 1], (curves.len() * m) as f64 / median, diff, fnv1a64(&raw)
    );
}
