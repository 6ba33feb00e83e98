import _Support
/// An option's value its parser refused. The program that reports it writes
/// `invalid --name 'TEXT': REASON`: TEXT the part of the value the problem names
/// (``OptionValueError/text``) or else the whole value, REASON worded from the problem.
package struct InvalidOptionValue: Error {
    /// The option's name, without `--`.
    package var option: String
    /// The value as given.
    package var text: String
    /// What its parser threw.
    package var problem: any Error

    package init(option: String, text: String, problem: any Error) {
        (self.option, self.text, self.problem) = (option, text, problem)
    }
}
