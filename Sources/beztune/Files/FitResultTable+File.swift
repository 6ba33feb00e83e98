import DataFiles
import Fitting
import Foundation

extension FitResultTable {
    /// The fit result in a file (named in messages as given): ``CSVTable/init(contentsOf:)``,
    /// then ``init(_:)``.
    public init(contentsOf url: URL) throws(FitResultError) {
        let table: CSVTable
        do throws(CSVError) {
            table = try CSVTable(contentsOf: url)
        } catch {
            throw .table(error)
        }
        try self.init(table)
    }
}
