/// The rules of an `SVGStyleSheet` by what an element must have for them to match, so that an
/// element is tested only against the rules that can match it.
///
/// A compound selector (CSS Selectors 3 §6) matches only elements that have all its ids and
/// classes and its type, so one of them is enough to file it under: its first id, else its first
/// class, else its type; a selector of none (`*`) is filed for every element. The candidates for
/// an element are the rules filed under its id, its classes, its type and none, each once, in
/// increasing position: the same rules, in the same order, as testing every rule of the sheet
/// keeps (the cascade then sorts them by specificity and position as before).
struct SVGStyleRuleIndex {
    enum Key: Hashable {
        case id(String)
        case `class`(String)
        case type(String)
    }

    /// Rule positions, increasing, per key.
    private var keyed: [Key: [Int]] = [:]
    /// Rules with a selector any element may match (`*`).
    private var everywhere: [Int] = []

    /// Files rule `position` (not lower than any position filed before) under `key`.
    mutating func add(_ position: Int, under key: Key?) {
        if let key {
            if keyed[key]?.last != position { keyed[key, default: []].append(position) }
        } else if everywhere.last != position {
            everywhere.append(position)
        }
    }

    /// The positions of the rules an element with this type, id and classes could match,
    /// increasing, each once.
    func candidates(type: String, id: String?, classes: Set<Substring>) -> [Int] {
        var lists: [[Int]] = []
        if !everywhere.isEmpty { lists.append(everywhere) }
        if let list = keyed[.type(type)] { lists.append(list) }
        if let id, let list = keyed[.id(id)] { lists.append(list) }
        for c in classes {
            if let list = keyed[.class(String(c))] { lists.append(list) }
        }
        if lists.count == 1 { return lists[0] }
        var merged = lists.flatMap { $0 }
        merged.sort()
        var out: [Int] = []
        out.reserveCapacity(merged.count)
        for p in merged where out.last != p { out.append(p) }
        return out
    }
}
