/// The models the toolkit offers by name (`beztune model --list`).
public enum ModelCatalog {
    /// Every model, in listing order: the ball, the seed scenes (``SceneModel``), then the
    /// ellipse (exact conics' stand-in).
    public static let all: [CatalogModel] = [.ball, .fallingLine, .loading, .bubbleReveal, .plumBlossom, .ellipse]

    /// The names of every model.
    public static var names: [String] { all.map({ $0.name }) }

    /// The model called `name`, or an error listing the valid names.
    public static func model(named name: String) throws(ModelInputError) -> CatalogModel {
        guard let m = all.first(where: { $0.name == name }) else {
            throw .unknownModel(name: name, valid: names)
        }
        return m
    }
}
