# Independent reference for the Lottie players' handle constants: the radial error r(t) - 1 of the
# quarter circle (unit radius) drawn by one cubic with handle k, at 40 digits (mpmath).
# r(t)^2 = x(t)^2 + y(t)^2 is a degree-6 polynomial; its extremes on [0, 1] are at the ends and the
# real roots of d(r^2)/dt (mpmath.polyroots), where r - 1 is evaluated.
import mpmath as mp
mp.mp.dps = 40
def radial(k):
    k = mp.mpf(k)
    # power-basis coefficients (highest first) of x(t), y(t)
    P0, P1, P2, P3 = (1, 0), (1, k), (k, 1), (0, 1)
    def coeffs(i):
        p0, p1, p2, p3 = P0[i], P1[i], P2[i], P3[i]
        return [-p0 + 3*p1 - 3*p2 + p3, 3*p0 - 6*p1 + 3*p2, -3*p0 + 3*p1, mp.mpf(p0)]
    def mul(a, b):
        r = [mp.mpf(0)] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                r[i+j] += x*y
        return r
    x, y = coeffs(0), coeffs(1)
    r2 = [a + b for a, b in zip(mul(x, x), mul(y, y))]
    d = [c * (len(r2) - 1 - i) for i, c in enumerate(r2[:-1])]
    while abs(d[0]) < mp.mpf(10)**-35: d = d[1:]
    roots = mp.polyroots(d, maxsteps=200, extraprec=200)
    ts = [mp.mpf(0), mp.mpf(1)] + [mp.re(z) for z in roots if abs(mp.im(z)) < mp.mpf(10)**-25 and 0 <= mp.re(z) <= 1]
    e = [mp.sqrt(mp.polyval(r2, t)) - 1 for t in ts]
    return max(e), min(e), max(abs(v) for v in e)
for k in ['0.5519', '0.55228']:
    mx, mn, ma = radial(k)
    print(k, mp.nstr(mx, 20), mp.nstr(mn, 20), mp.nstr(ma, 20))
