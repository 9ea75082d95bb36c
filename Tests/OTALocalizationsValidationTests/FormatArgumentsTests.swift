import Testing
@testable import OTALocalizationsValidation

@Suite struct FormatArgumentsTests {
    private func mismatch(_ translation: String, _ development: String, omissions: Bool = false) -> String? {
        FormatArguments.mismatch(
            translation: FormatArguments(FormatSpecifier.parse(translation)),
            development: FormatArguments(FormatSpecifier.parse(development)),
            allowsOmittedArguments: omissions)
    }

    @Test func assignsSequentialAndPositionalSlots() {
        let arguments = FormatArguments(FormatSpecifier.parse("%2$d %1$@"))
        #expect(arguments.types == [1: .object, 2: .int32])
        let starred = FormatArguments(FormatSpecifier.parse("%*d %s"))
        #expect(starred.types == [1: .int32, 2: .int32, 3: .cString])
    }

    @Test func acceptsReorderedPositionalArguments() {
        #expect(mismatch("%2$d %1$@", "%1$@ %2$d") == nil)
        #expect(mismatch("%2$d fichiers dans %1$@", "%@ has %d files") == nil)
        #expect(mismatch("100%% %@", "%@ 100%%") == nil)
    }

    @Test func rejectsDifferentTypes() {
        #expect(mismatch("%d", "%@") == "argument 1 is read as int32 but as object in the development value")
        #expect(mismatch("%f", "%d") != nil)
        #expect(mismatch("%s", "%@") != nil)
        #expect(mismatch("%2$@ %1$@", "%1$@ %2$d") != nil)
    }

    @Test func treatsArgumentSizeAsPartOfTheType() {
        #expect(mismatch("%lld", "%d") != nil)
        #expect(mismatch("%ld", "%lld") == nil)
        #expect(mismatch("%zu", "%ld") == nil)
        #expect(mismatch("%u", "%d") == nil)
        #expect(mismatch("%hd", "%d") != nil)
    }

    @Test func rejectsExtraAndMissingArguments() {
        #expect(mismatch("%@ %@", "%@") == "it reads argument 2 (object), which the development value does not read")
        #expect(mismatch("%@", "%@ %d") == "it does not read argument 2 (int32), which the development value reads")
        #expect(mismatch("one file", "%d files", omissions: true) == nil)
        #expect(mismatch("%d %@ files", "%d files", omissions: true) != nil)
    }

    @Test func countsStarAsAnIntArgument() {
        #expect(mismatch("%*d", "%d %d") == nil)
        #expect(mismatch("%*d", "%d") != nil)
    }

    @Test func typesVariablesFromTheirRules() {
        let arguments = FormatArguments(FormatSpecifier.parse("%@ %#@count@"), variableTypes: ["count": .int64])
        #expect(arguments.types == [1: .object, 2: .int64])
        let untyped = FormatArguments(FormatSpecifier.parse("%#@count@"))
        #expect(untyped.types.isEmpty && untyped.untypedPositions == [1])
    }

    @Test func reportsConflictingUseOfOnePosition() {
        let arguments = FormatArguments(FormatSpecifier.parse("%1$@ %1$d"))
        #expect(arguments.conflicts == [1])
    }
}
