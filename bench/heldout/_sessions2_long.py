"""Long English sessions of the second held-out set (half a day of work, 30-60 tool calls)."""


def register(session):
    @session("g27-long-terrain-height-brush", "mossgrove", "2026-10-26T08:30:00", ["session_summary"],
             ["runbook", "constraint", "tech_debt", "preference"])
    def _(s):
        s.user("terrain height brush. raise/lower/smooth/flatten, radius + falloff, undoable. go")
        s.read("src/editor/tools/Tool.h", "class Tool {\npublic:\n    virtual ~Tool() = default;\n    virtual void onMouseDown(const ViewportHit&) {}\n"
               "    virtual void onMouseDrag(const ViewportHit&) {}\n    virtual void onMouseUp() {}\n    virtual void drawPanel() {}\n};")
        s.read("src/terrain/Heightfield.h", "class Heightfield {\npublic:\n    float at(int x, int z) const;\n    void set(int x, int z, float h);\n"
               "    int width() const; int depth() const;\n    float cellSize() const;\n    void markDirty(const IRect&);\n};")
        s.grep("markDirty", "src/terrain/Heightfield.cpp:77:void Heightfield::markDirty(const IRect& r) { dirty_ = dirty_.unite(r); }\n"
               "src/render/TerrainRenderer.cpp:112:    if (auto r = hf.takeDirty()) uploadRegion(*r);")
        s.write("src/editor/tools/HeightBrush.h",
                "#pragma once\n#include \"Tool.h\"\n\nnamespace mg::editor {\n\nenum class BrushMode { Raise, Lower, Smooth, Flatten };\n\n"
                "struct BrushSettings {\n    BrushMode mode = BrushMode::Raise;\n    float radius = 8.f;     // world units\n    float strength = 0.5f;  // per second\n"
                "    float falloff = 0.5f;   // 0 = hard edge, 1 = fully smooth\n};\n\nclass HeightBrush final : public Tool {\npublic:\n"
                "    explicit HeightBrush(Heightfield& hf, UndoStack& undo);\n    void onMouseDown(const ViewportHit&) override;\n"
                "    void onMouseDrag(const ViewportHit&) override;\n    void onMouseUp() override;\n    void drawPanel() override;\nprivate:\n"
                "    void stamp(glm::vec2 center, float dt);\n    Heightfield& hf_;\n    UndoStack& undo_;\n    BrushSettings s_;\n"
                "    std::optional<PaintTerrainCommand::Builder> stroke_;\n    float flattenHeight_ = 0.f;\n};\n\n}  // namespace mg::editor")
        s.write("src/editor/tools/HeightBrush.cpp",
                "#include \"HeightBrush.h\"\n\nnamespace mg::editor {\n\nstatic float weight(float d, float r, float falloff) {\n"
                "    if (d >= r) return 0.f;\n    float inner = r * (1.f - falloff);\n    if (d <= inner) return 1.f;\n"
                "    float t = (d - inner) / (r - inner);\n    return 1.f - t * t * (3.f - 2.f * t);\n}\n\n"
                "void HeightBrush::stamp(glm::vec2 c, float dt) {\n    const float cs = hf_.cellSize();\n    IRect box = IRect::around(c / cs, s_.radius / cs);\n"
                "    box = box.clip(hf_.width(), hf_.depth());\n    stroke_->capture(hf_, box);\n    for (int z = box.z0; z < box.z1; ++z)\n"
                "        for (int x = box.x0; x < box.x1; ++x) {\n            float w = weight(glm::distance(c, glm::vec2(x, z) * cs), s_.radius, s_.falloff) * s_.strength * dt;\n"
                "            float h = hf_.at(x, z);\n            switch (s_.mode) {\n            case BrushMode::Raise: h += w; break;\n"
                "            case BrushMode::Lower: h -= w; break;\n            case BrushMode::Flatten: h = glm::mix(h, flattenHeight_, glm::min(w, 1.f)); break;\n"
                "            case BrushMode::Smooth: h = glm::mix(h, hf_.average3x3(x, z), glm::min(w, 1.f)); break;\n            }\n"
                "            hf_.set(x, z, h);\n        }\n    hf_.markDirty(box);\n}\n\n}  // namespace mg::editor")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error|Done' | head -5",
               "src/editor/tools/HeightBrush.h:21:10: error: 'PaintTerrainCommand' has not been declared\n"
               "src/editor/tools/HeightBrush.cpp:29:35: error: 'class mg::Heightfield' has no member named 'average3x3'", error=True)
        s.read("src/editor/undo/TerrainCommands.h", "#pragma once\n#include \"Command.h\"\n// TODO terrain commands")
        s.write("src/editor/undo/TerrainCommands.h",
                "#pragma once\n#include \"Command.h\"\n#include \"terrain/Heightfield.h\"\n#include <unordered_map>\n\nnamespace mg::editor {\n\n"
                "// Stores the heights of every cell a stroke touched, before and after.\nclass PaintTerrainCommand final : public Command {\npublic:\n"
                "    class Builder {\n    public:\n        void capture(const Heightfield& hf, IRect box);   // remembers 'before' once per cell\n"
                "        std::unique_ptr<PaintTerrainCommand> finish(const Heightfield& hf);\n    private:\n"
                "        std::unordered_map<uint64_t, float> before_;\n    };\n    void apply(Level&) override;\n    void revert(Level&) override;\n"
                "    std::string_view label() const override { return \"Paint terrain\"; }\nprivate:\n"
                "    std::vector<uint64_t> cells_;\n    std::vector<float> before_, after_;\n    IRect bounds_;\n};\n\n}  // namespace mg::editor")
        s.write("src/editor/undo/TerrainCommands.cpp",
                "#include \"TerrainCommands.h\"\n\nnamespace mg::editor {\n\nvoid PaintTerrainCommand::Builder::capture(const Heightfield& hf, IRect box) {\n"
                "    for (int z = box.z0; z < box.z1; ++z)\n        for (int x = box.x0; x < box.x1; ++x)\n"
                "            before_.try_emplace(key(x, z), hf.at(x, z));\n}\n\n"
                "std::unique_ptr<PaintTerrainCommand> PaintTerrainCommand::Builder::finish(const Heightfield& hf) {\n"
                "    auto cmd = std::make_unique<PaintTerrainCommand>();\n    for (auto [k, h] : before_) {\n"
                "        cmd->cells_.push_back(k);\n        cmd->before_.push_back(h);\n        cmd->after_.push_back(hf.at(kx(k), kz(k)));\n"
                "        cmd->bounds_ = cmd->bounds_.unite(IRect::cell(kx(k), kz(k)));\n    }\n    return cmd;\n}\n\n"
                "void PaintTerrainCommand::apply(Level& l) { auto& hf = l.terrain(); for (size_t i = 0; i < cells_.size(); ++i) hf.set(kx(cells_[i]), kz(cells_[i]), after_[i]); hf.markDirty(bounds_); }\n"
                "void PaintTerrainCommand::revert(Level& l) { auto& hf = l.terrain(); for (size_t i = 0; i < cells_.size(); ++i) hf.set(kx(cells_[i]), kz(cells_[i]), before_[i]); hf.markDirty(bounds_); }\n\n"
                "}  // namespace mg::editor")
        s.edit("src/terrain/Heightfield.h", "    float cellSize() const;", "    float cellSize() const;\n    float average3x3(int x, int z) const;  // clamped at the borders")
        s.edit("src/terrain/Heightfield.cpp", "void Heightfield::markDirty(", "float Heightfield::average3x3(int x, int z) const {\n    float sum = 0.f;\n"
               "    for (int dz = -1; dz <= 1; ++dz)\n        for (int dx = -1; dx <= 1; ++dx)\n"
               "            sum += at(std::clamp(x + dx, 0, width() - 1), std::clamp(z + dz, 0, depth() - 1));\n    return sum / 9.f;\n}\n\nvoid Heightfield::markDirty(")
        s.edit("src/editor/CMakeLists.txt", "    undo/Command.cpp\n", "    undo/Command.cpp\n    undo/TerrainCommands.cpp\n    tools/HeightBrush.cpp\n")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error|Done' | head -5", "[417/417] Done")
        s.say("Brush + `PaintTerrainCommand` compile. Mouse handlers and panel next, then tests.")
        s.user("k. panel: sliders + mode buttons. hotkeys 1-4 for modes. shift inverts raise/lower")
        s.edit("src/editor/tools/HeightBrush.cpp", "}  // namespace mg::editor",
               "void HeightBrush::onMouseDown(const ViewportHit& hit) {\n    stroke_.emplace();\n    if (s_.mode == BrushMode::Flatten) flattenHeight_ = hit.position.y;\n"
               "    stamp({hit.position.x, hit.position.z}, hit.dt);\n}\n\nvoid HeightBrush::onMouseDrag(const ViewportHit& hit) {\n    if (stroke_) stamp({hit.position.x, hit.position.z}, hit.dt);\n}\n\n"
               "void HeightBrush::onMouseUp() {\n    if (!stroke_) return;\n    undo_.pushApplied(stroke_->finish(hf_));\n    stroke_.reset();\n}\n\n"
               "void HeightBrush::drawPanel() {\n    static constexpr const char* names[] = {\"Raise\", \"Lower\", \"Smooth\", \"Flatten\"};\n"
               "    for (int i = 0; i < 4; ++i) {\n        if (i) ImGui::SameLine();\n        if (ImGui::RadioButton(names[i], s_.mode == BrushMode(i))) s_.mode = BrushMode(i);\n    }\n"
               "    ImGui::SliderFloat(\"Radius\", &s_.radius, 0.5f, 128.f, \"%.1f\", ImGuiSliderFlags_Logarithmic);\n"
               "    ImGui::SliderFloat(\"Strength\", &s_.strength, 0.01f, 4.f);\n    ImGui::SliderFloat(\"Falloff\", &s_.falloff, 0.f, 1.f);\n"
               "    for (int i = 0; i < 4; ++i) if (ImGui::IsKeyPressed(ImGuiKey(ImGuiKey_1 + i))) s_.mode = BrushMode(i);\n}\n\n}  // namespace mg::editor")
        s.grep("pushApplied", "", text="Checking whether the undo stack can take an already-applied command.")
        s.read("src/editor/undo/UndoStack.cpp", "void UndoStack::push(std::unique_ptr<Command> cmd, Level& level) {\n    cmd->apply(level);\n"
               "    undone_.clear();\n    if (!done_.empty() && done_.back()->mergeWith(*cmd)) return;\n    done_.push_back(std::move(cmd));\n}")
        s.edit("src/editor/undo/UndoStack.cpp", "void UndoStack::push(", "void UndoStack::pushApplied(std::unique_ptr<Command> cmd) {\n    // for tools that edit live during a drag\n"
               "    undone_.clear();\n    done_.push_back(std::move(cmd));\n}\n\nvoid UndoStack::push(")
        s.edit("src/editor/undo/Command.h", "    bool undo(Level& level);", "    void pushApplied(std::unique_ptr<Command> cmd);\n    bool undo(Level& level);")
        s.edit("src/editor/tools/HeightBrush.cpp", "    stamp({hit.position.x, hit.position.z}, hit.dt);\n}\n\nvoid HeightBrush::onMouseDrag",
               "    stamp({hit.position.x, hit.position.z}, hit.dt);\n}\n\nstatic BrushMode effective(BrushMode m) {\n"
               "    if (!ImGui::GetIO().KeyShift) return m;\n    if (m == BrushMode::Raise) return BrushMode::Lower;\n"
               "    if (m == BrushMode::Lower) return BrushMode::Raise;\n    return m;\n}\n\nvoid HeightBrush::onMouseDrag")
        s.edit("src/editor/tools/HeightBrush.cpp", "            switch (s_.mode) {", "            switch (effective(s_.mode)) {")
        s.read("src/editor/EditorApp.cpp", "    tools_.add(\"select\", std::make_unique<SelectTool>(sel_));\n    tools_.add(\"move\", std::make_unique<MoveTool>(sel_, undo_));")
        s.edit("src/editor/EditorApp.cpp", "    tools_.add(\"move\", std::make_unique<MoveTool>(sel_, undo_));",
               "    tools_.add(\"move\", std::make_unique<MoveTool>(sel_, undo_));\n    tools_.add(\"height\", std::make_unique<HeightBrush>(level_.terrain(), undo_));")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error|warning|Done' | head -5",
               "src/editor/tools/HeightBrush.cpp:71:51: warning: comparison of integer expressions of different signedness [-Wsign-compare]\n[417/417] Done")
        s.edit("src/editor/tools/HeightBrush.cpp", "    for (int i = 0; i < 4; ++i) if (ImGui::IsKeyPressed", "    for (int i = 0; i < 4; ++i)\n        if (ImGui::IsKeyPressed")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -cE 'warning'", "1")
        s.read("src/editor/tools/HeightBrush.cpp", "70    auto n = hf_.width() * hf_.depth();\n71    for (size_t i = 0; i < n; ++i) ...")
        s.say("That warning is from a debug loop I left in `stamp`; removing it.")
        s.edit("src/editor/tools/HeightBrush.cpp", "    auto n = hf_.width() * hf_.depth();\n    for (size_t i = 0; i < n; ++i) ...\n", "")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -cE 'warning'", "0")
        s.user("tests")
        s.write("tests/editor/height_brush_test.cpp",
                "#include <gtest/gtest.h>\n#include \"editor/tools/HeightBrush.h\"\n\nusing namespace mg;\nusing namespace mg::editor;\n\n"
                "TEST(HeightBrush, RaiseIsUndoneExactly) {\n    Level level = Level::flat(64, 64, 1.f);\n    UndoStack undo;\n    HeightBrush b(level.terrain(), undo);\n"
                "    b.onMouseDown(hitAt(32, 32));\n    b.onMouseDrag(hitAt(33, 32));\n    b.onMouseUp();\n    EXPECT_GT(level.terrain().at(32, 32), 0.f);\n"
                "    ASSERT_TRUE(undo.undo(level));\n    for (int z = 0; z < 64; ++z) for (int x = 0; x < 64; ++x) EXPECT_EQ(level.terrain().at(x, z), 0.f);\n}\n\n"
                "TEST(HeightBrush, FalloffZeroIsHardEdge) {\n    EXPECT_EQ(weightForTest(7.9f, 8.f, 0.f), 1.f);\n    EXPECT_EQ(weightForTest(8.0f, 8.f, 0.f), 0.f);\n}\n\n"
                "TEST(HeightBrush, SmoothDoesNotTouchOutsideRadius) {\n    Level level = Level::noise(64, 64, 1.f, /*seed=*/3);\n    auto before = level.terrain().at(0, 0);\n"
                "    UndoStack undo;\n    HeightBrush b(level.terrain(), undo);\n    b.setMode(BrushMode::Smooth);\n    b.onMouseDown(hitAt(40, 40));\n    b.onMouseUp();\n"
                "    EXPECT_EQ(level.terrain().at(0, 0), before);\n}\n\n"
                "TEST(HeightBrush, StrokeEdgesAtMapBorderAreClipped) {\n    Level level = Level::flat(16, 16, 1.f);\n    UndoStack undo;\n    HeightBrush b(level.terrain(), undo);\n"
                "    b.onMouseDown(hitAt(0, 0));\n    b.onMouseUp();\n    EXPECT_TRUE(undo.undo(level));\n}")
        s.edit("tests/CMakeLists.txt", "add_mg_test(undo_stack_test editor/undo_stack_test.cpp)", "add_mg_test(undo_stack_test editor/undo_stack_test.cpp)\nadd_mg_test(height_brush_test editor/height_brush_test.cpp)")
        s.bash("cmake --build build --target height_brush_test 2>&1 | grep -E 'error' | head -3",
               "tests/editor/height_brush_test.cpp:17:16: error: 'weightForTest' was not declared in this scope\n"
               "tests/editor/height_brush_test.cpp:24:7: error: 'class mg::editor::HeightBrush' has no member named 'setMode'", error=True)
        s.edit("src/editor/tools/HeightBrush.h", "    void drawPanel() override;\nprivate:",
               "    void drawPanel() override;\n    void setMode(BrushMode m) { s_.mode = m; }\nprivate:")
        s.edit("src/editor/tools/HeightBrush.cpp", "static float weight(float d, float r, float falloff) {", "float weightForTest(float d, float r, float falloff);\n\nfloat weightForTest(float d, float r, float falloff) {")
        s.edit("src/editor/tools/HeightBrush.cpp", "            float w = weight(", "            float w = weightForTest(")
        s.bash("cmake --build build --target height_brush_test && ./build/bin/height_brush_test",
               "[==========] Running 4 tests from 1 test suite.\n[ RUN      ] HeightBrush.RaiseIsUndoneExactly\n[       OK ] HeightBrush.RaiseIsUndoneExactly (3 ms)\n"
               "[ RUN      ] HeightBrush.FalloffZeroIsHardEdge\n[       OK ] HeightBrush.FalloffZeroIsHardEdge (0 ms)\n"
               "[ RUN      ] HeightBrush.SmoothDoesNotTouchOutsideRadius\n[       OK ] HeightBrush.SmoothDoesNotTouchOutsideRadius (2 ms)\n"
               "[ RUN      ] HeightBrush.StrokeEdgesAtMapBorderAreClipped\n/home/kai/dev/mossgrove/src/terrain/IRect.h:31: Assertion `x0 <= x1' failed.\n[  FAILED  ] HeightBrush.StrokeEdgesAtMapBorderAreClipped", error=True)
        s.read("src/terrain/IRect.h", "    IRect clip(int w, int d) const {\n        return {std::max(x0, 0), std::max(z0, 0), std::min(x1, w), std::min(z1, d)};\n    }")
        s.say("A brush centred at (0,0) gives a box with negative start; `clip` is fine but `IRect::around` rounds the far edge down before clipping, so x1 < x0 for tiny radii near the border. Fixing `around`.")
        s.edit("src/terrain/IRect.h", "    static IRect around(glm::vec2 c, float r) {\n        return {int(c.x - r), int(c.y - r), int(c.x + r), int(c.y + r)};",
               "    static IRect around(glm::vec2 c, float r) {\n        return {int(std::floor(c.x - r)), int(std::floor(c.y - r)), int(std::ceil(c.x + r)) + 1, int(std::ceil(c.y + r)) + 1};")
        s.bash("cmake --build build --target height_brush_test && ./build/bin/height_brush_test | tail -1", "[  PASSED  ] 4 tests.")
        s.bash("ctest --test-dir build -j8 2>&1 | tail -3", "100% tests passed, 0 tests failed out of 23\n\nTotal Test time (real) =   6.41 sec")
        s.user("smoke test on wetlands pls, perf with r=64")
        s.bash("./build/bin/mossgrove_editor --headless --open levels/wetlands.mgl --script tools/bench/brush_stroke.lua --args radius=64 mode=smooth",
               "[bench] level loaded in 2.91 s (141.9 MB)\n[bench] 240 stamps, radius 64, smooth\n[bench] stamp: mean 1.92 ms, p99 3.40 ms\n"
               "[bench] upload: mean 0.71 ms\n[bench] undo of stroke: 11.8 ms\n[bench] peak RSS +38.4 MB")
        s.say("Wetlands, radius 64, smooth: 1.9 ms per stamp (p99 3.4), upload 0.7 ms, undoing the stroke 12 ms, +38 MB peak (the before/after map for the stroke).")
        s.user("ok. +38MB per stroke in undo history?")
        s.bash("./build/bin/mossgrove_editor --headless --open levels/wetlands.mgl --script tools/bench/brush_stroke.lua --args radius=64 mode=smooth strokes=20 report=undo_bytes",
               "[bench] 20 strokes, undo history 91.6 MB")
        s.say("About 4.6 MB per stroke once finished (cells × 2 floats + keys); the 38 MB peak was the `unordered_map` during the stroke. 20 big strokes ≈ 92 MB of history.")
        s.user("store keys as sorted vector, drop the map at finish. and cap history at 256MB, evict oldest")
        s.edit("src/editor/undo/TerrainCommands.cpp", "    auto cmd = std::make_unique<PaintTerrainCommand>();\n    for (auto [k, h] : before_) {",
               "    auto cmd = std::make_unique<PaintTerrainCommand>();\n    std::vector<std::pair<uint64_t, float>> sorted(before_.begin(), before_.end());\n"
               "    std::sort(sorted.begin(), sorted.end());\n    before_ = {};\n    cmd->cells_.reserve(sorted.size());\n    for (auto [k, h] : sorted) {")
        s.edit("src/editor/undo/Command.h", "    virtual std::string_view label() const = 0;", "    virtual std::string_view label() const = 0;\n    virtual size_t bytes() const { return sizeof(*this); }")
        s.edit("src/editor/undo/TerrainCommands.h", "    std::string_view label() const override { return \"Paint terrain\"; }",
               "    std::string_view label() const override { return \"Paint terrain\"; }\n    size_t bytes() const override { return cells_.size() * (sizeof(uint64_t) + 2 * sizeof(float)); }")
        s.edit("src/editor/undo/UndoStack.cpp", "    done_.push_back(std::move(cmd));\n}\n\nvoid UndoStack::push(",
               "    done_.push_back(std::move(cmd));\n    evict();\n}\n\nvoid UndoStack::evict() {\n    size_t total = 0;\n    for (auto& c : done_) total += c->bytes();\n"
               "    while (total > kMaxBytes && done_.size() > 1) {\n        total -= done_.front()->bytes();\n        done_.erase(done_.begin());\n    }\n}\n\nvoid UndoStack::push(")
        s.edit("src/editor/undo/Command.h", "private:\n    std::vector<std::unique_ptr<Command>> done_, undone_;",
               "    static constexpr size_t kMaxBytes = 256u << 20;\nprivate:\n    void evict();\n    std::vector<std::unique_ptr<Command>> done_, undone_;")
        s.write("tests/editor/undo_budget_test.cpp",
                "#include <gtest/gtest.h>\n#include \"editor/undo/Command.h\"\n\nstruct Fat : mg::editor::Command {\n    void apply(mg::Level&) override {}\n"
                "    void revert(mg::Level&) override {}\n    std::string_view label() const override { return \"fat\"; }\n    size_t bytes() const override { return 100u << 20; }\n};\n\n"
                "TEST(UndoBudget, EvictsOldestOverBudget) {\n    mg::editor::UndoStack u;\n    for (int i = 0; i < 4; ++i) u.pushApplied(std::make_unique<Fat>());\n"
                "    EXPECT_EQ(u.depth(), 2u);\n}")
        s.edit("tests/CMakeLists.txt", "add_mg_test(height_brush_test editor/height_brush_test.cpp)", "add_mg_test(height_brush_test editor/height_brush_test.cpp)\nadd_mg_test(undo_budget_test editor/undo_budget_test.cpp)")
        s.edit("src/editor/undo/Command.h", "    bool redo(Level& level);", "    bool redo(Level& level);\n    size_t depth() const { return done_.size(); }")
        s.bash("cmake --build build && ctest --test-dir build -j8 2>&1 | tail -2", "100% tests passed, 0 tests failed out of 24\n\nTotal Test time (real) =   6.58 sec")
        s.bash("./build/bin/mossgrove_editor --headless --open levels/wetlands.mgl --script tools/bench/brush_stroke.lua --args radius=64 mode=smooth strokes=20 report=undo_bytes",
               "[bench] 20 strokes, undo history 91.6 MB\n[bench] peak RSS during stroke +21.0 MB")
        s.bash("git status --short", " M src/editor/CMakeLists.txt\n M src/editor/EditorApp.cpp\n M src/editor/undo/Command.h\n M src/editor/undo/UndoStack.cpp\n M src/terrain/Heightfield.cpp\n"
               " M src/terrain/Heightfield.h\n M src/terrain/IRect.h\n M tests/CMakeLists.txt\n?? src/editor/tools/HeightBrush.cpp\n?? src/editor/tools/HeightBrush.h\n"
               "?? src/editor/undo/TerrainCommands.cpp\n?? src/editor/undo/TerrainCommands.h\n?? tests/editor/height_brush_test.cpp\n?? tests/editor/undo_budget_test.cpp")
        s.user("commit")
        s.bash("git add -A && git commit -qm 'editor: terrain height brush (raise/lower/smooth/flatten) with undo; undo history capped at 256 MB; IRect::around rounding fix' && git log -1 --oneline",
               "8e21c4d editor: terrain height brush (raise/lower/smooth/flatten) with undo; undo history capped at 256 MB; IRect::around rounding fix")
        s.say(
            "Committed `8e21c4d`:\n- `HeightBrush` tool: raise/lower/smooth/flatten, radius/strength/falloff sliders, keys 1-4, Shift inverts raise/lower\n"
            "- `PaintTerrainCommand`: one undo step per stroke, ~4.6 MB per large stroke, transient peak down from 38 to 21 MB\n"
            "- `UndoStack::pushApplied` and a 256 MB history budget evicting the oldest steps\n- fix in `IRect::around` (boxes at the map border)\n"
            "- tests: height_brush_test (4), undo_budget_test (1); 24/24 ctest green\n\nNot done: brush preview circle in the viewport, tablet pressure."
        )
        s.user("preview circle tomorrow. done for today")
        s.say("👍 See you tomorrow.")

    @session("g28-long-snowmelt-on-gpu", "petrichor", "2026-10-27T09:00:00", ["session_summary"],
             ["runbook", "constraint", "preference"])
    def _(s):
        s.user(
            "Hi! Big day today, I blocked the whole morning: I want to get the snowmelt module running on the GPU like we "
            "did for routing last month. It's the degree-day + energy balance hybrid in src/snow/. The plan in my head: "
            "(1) make the per-cell update a kernel-friendly function, (2) run it with KernelAbstractions so it works on "
            "CPU and GPU, (3) check results match the CPU version to ~1e-6, (4) benchmark on the Alps domain. Shall we?"
        )
        s.bash("ls src/snow/ && wc -l src/snow/*.jl", "SnowState.jl\nenergy.jl\nmelt.jl\nsnow.jl\n   41 src/snow/SnowState.jl\n  188 src/snow/energy.jl\n  132 src/snow/melt.jl\n   57 src/snow/snow.jl\n  418 total")
        s.read("src/snow/melt.jl",
               "function step_snow!(st::SnowState, forc::Forcing, p::SnowParams, Δt)\n    for i in eachindex(st.swe)\n        T = forc.temp[i]\n"
               "        P = forc.precip[i]\n        snowfall = T < p.T_snow ? P : zero(P)\n        st.swe[i] += snowfall * Δt\n"
               "        rad = net_radiation(forc, st, i)  # allocates a NamedTuple per call\n        melt = hybrid_melt(T, rad, st.albedo[i], p)\n"
               "        melt = min(melt * Δt, st.swe[i])\n        st.swe[i] -= melt\n        st.runoff[i] = melt / Δt\n"
               "        st.albedo[i] = age_albedo(st.albedo[i], snowfall, p, Δt)\n    end\nend")
        s.read("src/snow/energy.jl",
               "function net_radiation(forc, st, i)\n    sw = forc.sw_in[i] * (1 - st.albedo[i])\n    lw = forc.lw_in[i] - σ_SB * (min(forc.temp[i], 0.0) + 273.15)^4\n"
               "    return (sw = sw, lw = lw, net = sw + lw)\nend\n\nfunction hybrid_melt(T, rad, albedo, p)\n"
               "    ddf = p.ddf_min + (p.ddf_max - p.ddf_min) * (1 - albedo)\n    return max(0.0, ddf * (T - p.T_melt) + p.rad_coef * rad.net)\nend")
        s.say(
            "The loop body is already per-cell, which is good. Two things stand in the way of a GPU kernel: "
            "`net_radiation` returns a NamedTuple (fine on GPU actually, it's isbits, the comment is outdated), and "
            "`SnowParams` is a mutable struct with a `Dict` field for the land-cover table, which can't go to the "
            "device. Let me check `SnowParams`."
        )
        s.read("src/snow/SnowState.jl",
               "mutable struct SnowParams\n    T_snow::Float64\n    T_melt::Float64\n    ddf_min::Float64\n    ddf_max::Float64\n    rad_coef::Float64\n"
               "    albedo_fresh::Float64\n    albedo_decay::Float64\n    landcover_factor::Dict{Int,Float64}\nend\n\n"
               "struct SnowState{A}\n    swe::A\n    albedo::A\n    runoff::A\nend")
        s.grep("landcover_factor", "src/snow/melt.jl:64:    f = p.landcover_factor[lc]\nsrc/io/params.jl:88:    landcover_factor = Dict(parse(Int, k) => v for (k, v) in tbl[\"snow\"][\"landcover\"])")
        s.user("Ah right, that Dict. Could we turn it into a small vector indexed by land-cover class? Classes are 1..12 (CORINE aggregated).")
        s.edit("src/snow/SnowState.jl", "mutable struct SnowParams\n", "struct SnowParams{V<:AbstractVector{Float64}}\n")
        s.edit("src/snow/SnowState.jl", "    landcover_factor::Dict{Int,Float64}", "    landcover_factor::V  # index = aggregated CORINE class 1..12")
        s.edit("src/io/params.jl", "    landcover_factor = Dict(parse(Int, k) => v for (k, v) in tbl[\"snow\"][\"landcover\"])",
               "    lc = tbl[\"snow\"][\"landcover\"]\n    landcover_factor = [Float64(lc[string(c)]) for c in 1:12]")
        s.bash("julia --project -e 'using Petrichor' 2>&1 | tail -6",
               "ERROR: LoadError: setfield!: immutable struct of type SnowParams cannot be changed\nStacktrace:\n"
               "  [1] setproperty!(x::SnowParams{Vector{Float64}}, f::Symbol, v::Float64)\n    @ Base ./Base.jl:41\n"
               "  [2] calibrate_snow!(p::SnowParams{Vector{Float64}}, obs::SnowObs)\n    @ Petrichor /Users/ines/research/petrichor/src/calibration/snow.jl:23", error=True)
        s.read("src/calibration/snow.jl", "function calibrate_snow!(p, obs)\n    for it in 1:50\n        p.ddf_max = update_ddf(p, obs)\n    end\n    return p\nend")
        s.edit("src/calibration/snow.jl", "function calibrate_snow!(p, obs)\n    for it in 1:50\n        p.ddf_max = update_ddf(p, obs)\n    end\n    return p\nend",
               "function calibrate_snow(p, obs)\n    for it in 1:50\n        p = Setfield.@set p.ddf_max = update_ddf(p, obs)\n    end\n    return p\nend")
        s.grep("calibrate_snow!", "scripts/calibrate_alps.jl:17:calibrate_snow!(params.snow, obs)\ntest/calibration.jl:40:    calibrate_snow!(p, synthetic_obs())")
        s.edit("scripts/calibrate_alps.jl", "calibrate_snow!(params.snow, obs)", "params = Setfield.@set params.snow = calibrate_snow(params.snow, obs)")
        s.edit("test/calibration.jl", "    calibrate_snow!(p, synthetic_obs())", "    p = calibrate_snow(p, synthetic_obs())")
        s.bash("julia --project -e 'using Pkg; Pkg.add(\"Setfield\")' 2>&1 | tail -2", "   Updating `~/research/petrichor/Project.toml`\n  [efcf1570] + Setfield v1.1.1")
        s.bash("julia --project -e 'using Petrichor; println(\"ok\")'", "ok")
        s.say("Params are now immutable with a 12-element vector, and the one place that mutated them (snow calibration) returns a new value instead. Now the kernel.")
        s.write("src/snow/kernel.jl",
                "using KernelAbstractions\n\n@kernel function snow_kernel!(swe, albedo, runoff, @Const(temp), @Const(precip), @Const(sw_in), @Const(lw_in), @Const(lc), p, Δt)\n"
                "    i = @index(Global)\n    @inbounds begin\n        T = temp[i]\n        P = precip[i]\n        snowfall = T < p.T_snow ? P : zero(P)\n"
                "        s = swe[i] + snowfall * Δt\n        α = albedo[i]\n        sw = sw_in[i] * (1 - α)\n        lw = lw_in[i] - σ_SB * (min(T, 0.0) + 273.15)^4\n"
                "        ddf = (p.ddf_min + (p.ddf_max - p.ddf_min) * (1 - α)) * p.landcover_factor[lc[i]]\n"
                "        melt = min(max(0.0, ddf * (T - p.T_melt) + p.rad_coef * (sw + lw)) * Δt, s)\n"
                "        swe[i] = s - melt\n        runoff[i] = melt / Δt\n        albedo[i] = age_albedo(α, snowfall, p, Δt)\n    end\nend\n\n"
                "function step_snow!(st::SnowState, forc::Forcing, p::SnowParams, Δt)\n    backend = get_backend(st.swe)\n"
                "    snow_kernel!(backend)(st.swe, st.albedo, st.runoff, forc.temp, forc.precip, forc.sw_in, forc.lw_in, forc.landcover, p, Δt; ndrange = length(st.swe))\n"
                "    KernelAbstractions.synchronize(backend)\n    return st\nend")
        s.edit("src/snow/melt.jl", "function step_snow!(st::SnowState, forc::Forcing, p::SnowParams, Δt)", "function step_snow_reference!(st::SnowState, forc::Forcing, p::SnowParams, Δt)")
        s.edit("src/snow/snow.jl", "include(\"melt.jl\")", "include(\"melt.jl\")\ninclude(\"kernel.jl\")")
        s.bash("julia --project -e 'using Petrichor; Petrichor.smoke_snow(:cpu)' 2>&1 | tail -8",
               "ERROR: InvalidIRError: compiling MethodInstance for snow_kernel!(...) resulted in invalid LLVM IR\nReason: unsupported dynamic function invocation (call to age_albedo)\n"
               "Stacktrace:\n [1] macro expansion\n   @ ~/research/petrichor/src/snow/kernel.jl:17\nHint: catch this exception as `err` and call `code_typed(err; interactive = true)` to introspect the erronous code", error=True)
        s.read("src/snow/melt.jl", "age_albedo(α, snowfall, p, Δt) = snowfall > p.fresh_threshold ? p.albedo_fresh : p.albedo_min + (α - p.albedo_min) * exp(-Δt / p.albedo_decay)")
        s.grep("fresh_threshold|albedo_min", "src/snow/melt.jl:101:age_albedo(α, snowfall, p, Δt) = snowfall > p.fresh_threshold ? p.albedo_fresh : ...")
        s.say("`age_albedo` reads `p.fresh_threshold` and `p.albedo_min`, which don't exist in `SnowParams` (they were globals in the old code, hence the dynamic call). Adding them to the struct.")
        s.edit("src/snow/SnowState.jl", "    albedo_decay::Float64\n", "    albedo_decay::Float64\n    albedo_min::Float64\n    fresh_threshold::Float64\n")
        s.edit("src/io/params.jl", "        albedo_decay = t[\"albedo_decay\"],", "        albedo_decay = t[\"albedo_decay\"],\n        albedo_min = get(t, \"albedo_min\", 0.5),\n        fresh_threshold = get(t, \"fresh_threshold\", 1.0e-6),")
        s.bash("julia --project -e 'using Petrichor; Petrichor.smoke_snow(:cpu)' 2>&1 | tail -3", "snow smoke (cpu): 10 steps, 182 340 cells, max swe 1.982 m, total runoff 4.11e5 m³")
        s.user("Yay! Now the comparison with the reference on CPU please, all of the Alps test year if possible")
        s.write("test/snow_kernel.jl",
                "@testset \"snow kernel matches reference\" begin\n    dom = load_domain(\"alps_1km_test\")\n    st_ref, st_k = initial_snow(dom), initial_snow(dom)\n"
                "    for (t, forc) in enumerate(forcing_iterator(dom; days = 365))\n        step_snow_reference!(st_ref, forc, dom.params.snow, 3600.0)\n"
                "        step_snow!(st_k, forc, dom.params.snow, 3600.0)\n    end\n    @test maximum(abs, st_ref.swe .- st_k.swe) < 1e-6\n"
                "    @test maximum(abs, st_ref.runoff .- st_k.runoff) < 1e-9\nend")
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"snow_kernel\"])' 2>&1 | tail -6",
               "snow kernel matches reference: Test Failed at test/snow_kernel.jl:8\n  Expression: maximum(abs, st_ref.swe .- st_k.swe) < 1e-6\n   Evaluated: 0.0031 < 1.0e-6\n"
               "Test Summary:                 | Pass  Fail  Total\nsnow kernel matches reference |    1     1      2", error=True)
        s.say("SWE differs by 3 mm somewhere, runoff matches. Looking for the cell.")
        s.bash("julia --project scripts/debug/compare_snow.jl --report worst 2>&1 | tail -5",
               "worst cell 118203 (lc = 9, glacier)\n  ref swe 1.2241  kernel swe 1.2272\n  ref: landcover factor applied to melt only when lc != 9\n  kernel: factor applied always (glacier factor 1.35)")
        s.read("src/snow/melt.jl", "    f = lc == GLACIER ? 1.0 : p.landcover_factor[lc]  # glaciers use ice melt elsewhere")
        s.edit("src/snow/kernel.jl", "* p.landcover_factor[lc[i]]", "* ifelse(lc[i] == GLACIER, 1.0, p.landcover_factor[lc[i]])")
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"snow_kernel\"])' 2>&1 | tail -3", "Test Summary:                 | Pass  Total   Time\nsnow kernel matches reference |    2      2  1m02.4s")
        s.user("Perfect. Now the GPU! I'm on the cluster in another terminal, can you run the benchmark there? Remember the cuda module.")
        s.bash("ssh hpc 'cd /scratch/ines/petrichor && git pull -q && sbatch --wait scripts/bench_snow.sbatch && cat logs/bench_snow_latest.out'",
               "Submitted batch job 8812031\n== backend: CPU (32 threads) ==\n  365 days, 1 h steps: 412.8 s\n== backend: CUDA A100 ==\n"
               "  first call (compilation): 19.1 s\n  365 days, 1 h steps: 14.2 s\n  max |Δswe| vs CPU: 4.4e-16")
        s.say("On the A100 the year of hourly snow steps takes 14.2 s vs 412.8 s on 32 CPU threads (29x), plus 19 s of one-off compilation; results identical to machine precision.")
        s.user("Wonderful!! Now it's no longer the bottleneck. What's the rest of the time per step on GPU now, roughly?")
        s.bash("ssh hpc 'cat /scratch/ines/petrichor/logs/profile_step_latest.txt | head -8'",
               "per model step (A100, alps_1km):\n  forcing interpolation (CPU)   31.2 ms\n  host→device copy              9.8 ms\n  snow (GPU)                    0.4 ms\n"
               "  soil (CPU)                    22.0 ms\n  routing (GPU)                 3.1 ms\n  output (CPU)                  6.5 ms")
        s.say("Now forcing interpolation (31 ms) and soil (22 ms), both on CPU, dominate; the host→device copy of forcing is another 10 ms that would disappear if interpolation ran on the GPU.")
        s.user("Next time then. Can you update the CHANGELOG and commit? Then I go to lunch 🍝")
        s.edit("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n- Snow module runs as a KernelAbstractions kernel (CPU and CUDA); 29x faster on A100 for the Alps test year.\n"
               "- `SnowParams` is immutable; land-cover factors are a 12-element vector; `calibrate_snow!` became `calibrate_snow` (returns new params).\n"
               "- New params `albedo_min`, `fresh_threshold` (were globals).\n")
        s.bash("git add -A && git commit -qm 'snow: GPU kernel via KernelAbstractions, immutable SnowParams, reference test' && git log -1 --oneline", "a7c90e1 snow: GPU kernel via KernelAbstractions, immutable SnowParams, reference test")
        s.say(
            "Committed `a7c90e1`. Summary of the morning:\n- snow update is a KernelAbstractions kernel running on CPU and CUDA\n"
            "- `SnowParams` immutable, land-cover lookup as a vector, snow calibration returns new params (script and test updated)\n"
            "- fixed the glacier special case in the kernel; the kernel matches the reference to < 1e-6 over a year\n"
            "- A100: 14.2 s vs 412.8 s on 32 threads\n\nNext candidates: forcing interpolation and soil on the GPU. Buon appetito!"
        )

    @session("g29-long-calendar-week-view", "saltmarsh", "2026-10-28T08:45:00", ["session_summary"],
             ["runbook", "constraint", "tech_debt", "preference"])
    def _(s):
        s.user(
            "Today: the week view for practitioners in the back office. LiveView at /clinics/:clinic_id/calendar/week, "
            "columns Monday to Saturday, rows every 15 min from opening to closing time, appointments as blocks. Clicking "
            "an empty slot opens the booking modal we already have. Live updates when someone else books. Let's go step by step."
        )
        s.bash("ls lib/saltmarsh_web/live/ lib/saltmarsh_web/live/calendar_live/", "booking_live\ncalendar_live\nclinic_live\npatient_live\nwaitlist_live\n\nday.ex\nday.html.heex\ncomponents.ex")
        s.read("lib/saltmarsh_web/live/calendar_live/day.ex",
               "defmodule SaltmarshWeb.CalendarLive.Day do\n  use SaltmarshWeb, :live_view\n  alias Saltmarsh.Scheduling\n\n"
               "  def mount(%{\"clinic_id\" => cid, \"date\" => date}, _session, socket) do\n    if connected?(socket), do: Scheduling.subscribe(cid)\n"
               "    {:ok, assign(socket, clinic_id: cid, date: Date.from_iso8601!(date)) |> load()}\n  end\n\n"
               "  def handle_info({:appointment_changed, _}, socket), do: {:noreply, load(socket)}\n\n"
               "  defp load(socket) do\n    assign(socket, appointments: Scheduling.list_for_day(socket.assigns.clinic_id, socket.assigns.date))\n  end\nend")
        s.read("lib/saltmarsh/scheduling.ex",
               "  def list_for_day(clinic_id, date) do\n    {from, to} = day_bounds(date)\n    Appointment\n    |> where([a], a.clinic_id == ^clinic_id and a.starts_at >= ^from and a.starts_at < ^to)\n"
               "    |> preload([:patient, :practitioner])\n    |> Repo.all()\n  end\n\n  def subscribe(clinic_id), do: Phoenix.PubSub.subscribe(Saltmarsh.PubSub, \"clinic:#{clinic_id}\")")
        s.edit("lib/saltmarsh/scheduling.ex", "  def subscribe(clinic_id)",
               "  def list_for_range(clinic_id, %Date{} = first, %Date{} = last) do\n    {from, _} = day_bounds(first)\n    {_, to} = day_bounds(last)\n    Appointment\n"
               "    |> where([a], a.clinic_id == ^clinic_id and a.starts_at >= ^from and a.starts_at < ^to and is_nil(a.cancelled_at))\n"
               "    |> order_by([a], a.starts_at)\n    |> preload([:patient, :practitioner])\n    |> Repo.all()\n  end\n\n  def subscribe(clinic_id)")
        s.write("test/saltmarsh/scheduling/list_for_range_test.exs",
                "defmodule Saltmarsh.Scheduling.ListForRangeTest do\n  use Saltmarsh.DataCase, async: true\n  import Saltmarsh.Factory\n  alias Saltmarsh.Scheduling\n\n"
                "  test \"returns the week's appointments of the clinic, not cancelled ones, in order\" do\n    c = insert(:clinic)\n"
                "    a2 = insert(:appointment, clinic: c, starts_at: ~U[2026-11-04 09:00:00Z])\n    a1 = insert(:appointment, clinic: c, starts_at: ~U[2026-11-02 08:00:00Z])\n"
                "    insert(:appointment, clinic: c, starts_at: ~U[2026-11-03 10:00:00Z], cancelled_at: ~U[2026-11-01 10:00:00Z])\n"
                "    insert(:appointment, starts_at: ~U[2026-11-03 10:00:00Z])\n    insert(:appointment, clinic: c, starts_at: ~U[2026-11-09 10:00:00Z])\n\n"
                "    ids = Scheduling.list_for_range(c.id, ~D[2026-11-02], ~D[2026-11-07]) |> Enum.map(& &1.id)\n    assert ids == [a1.id, a2.id]\n  end\nend")
        s.bash("mix test test/saltmarsh/scheduling/list_for_range_test.exs", ".\nFinished in 0.2 seconds\n1 test, 0 failures")
        s.read("lib/saltmarsh/clinics/clinic.ex", "  schema \"clinics\" do\n    field :name, :string\n    field :timezone, :string\n    embeds_many :opening_hours, OpeningHours\n    timestamps()\n  end")
        s.read("lib/saltmarsh/clinics/opening_hours.ex", "  embedded_schema do\n    field :weekday, :integer  # 1 = Monday\n    field :opens, :time\n    field :closes, :time\n  end")
        s.write("lib/saltmarsh_web/live/calendar_live/week.ex",
                "defmodule SaltmarshWeb.CalendarLive.Week do\n  use SaltmarshWeb, :live_view\n  alias Saltmarsh.{Clinics, Scheduling}\n\n  @slot_minutes 15\n\n"
                "  def mount(%{\"clinic_id\" => cid} = params, _session, socket) do\n    if connected?(socket), do: Scheduling.subscribe(cid)\n"
                "    clinic = Clinics.get!(cid)\n    monday = params |> Map.get(\"week\") |> week_start()\n"
                "    {:ok, socket |> assign(clinic: clinic, monday: monday, booking: nil) |> load()}\n  end\n\n"
                "  def handle_params(%{\"week\" => w}, _uri, socket), do: {:noreply, socket |> assign(monday: week_start(w)) |> load()}\n"
                "  def handle_params(_, _uri, socket), do: {:noreply, socket}\n\n"
                "  def handle_info({:appointment_changed, _}, socket), do: {:noreply, load(socket)}\n\n"
                "  def handle_event(\"slot\", %{\"at\" => iso}, socket) do\n    {:ok, at, _} = DateTime.from_iso8601(iso)\n    {:noreply, assign(socket, booking: %{starts_at: at})}\n  end\n\n"
                "  defp load(%{assigns: %{clinic: c, monday: m}} = socket) do\n    days = for d <- 0..5, do: Date.add(m, d)\n"
                "    appts = Scheduling.list_for_range(c.id, hd(days), List.last(days))\n"
                "    assign(socket, days: days, rows: rows(c), by_day: Enum.group_by(appts, &DateTime.to_date(&1.starts_at)))\n  end\n\n"
                "  defp week_start(nil), do: Date.utc_today() |> Date.beginning_of_week()\n"
                "  defp week_start(iso), do: iso |> Date.from_iso8601!() |> Date.beginning_of_week()\n\n"
                "  defp rows(clinic) do\n    opens = clinic.opening_hours |> Enum.map(& &1.opens) |> Enum.min(Time, fn -> ~T[08:00:00] end)\n"
                "    closes = clinic.opening_hours |> Enum.map(& &1.closes) |> Enum.max(Time, fn -> ~T[19:00:00] end)\n"
                "    Stream.iterate(opens, &Time.add(&1, @slot_minutes * 60)) |> Enum.take_while(&(Time.compare(&1, closes) == :lt))\n  end\nend")
        s.write("lib/saltmarsh_web/live/calendar_live/week.html.heex",
                "<.header>\n  <%= @clinic.name %> — semaine du <%= Calendar.strftime(@monday, \"%d/%m/%Y\") %>\n  <:actions>\n"
                "    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?week=#{Date.add(@monday, -7)}\"}>←</.link>\n"
                "    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?week=#{Date.add(@monday, 7)}\"}>→</.link>\n  </:actions>\n</.header>\n\n"
                "<div class=\"grid grid-cols-[4rem_repeat(6,1fr)] text-sm\" id=\"week-grid\">\n  <div></div>\n"
                "  <div :for={d <- @days} class=\"font-semibold text-center\"><%= Calendar.strftime(d, \"%a %d\") %></div>\n"
                "  <%= for r <- @rows do %>\n    <div class=\"text-right pr-2 text-zinc-500\"><%= Calendar.strftime(r, \"%H:%M\") %></div>\n"
                "    <div :for={d <- @days} class=\"border-t h-6 relative\" phx-click=\"slot\" phx-value-at={slot_at(@clinic, d, r)}>\n"
                "      <.appointment_block :for={a <- starting_in(@by_day[d], r)} appointment={a} />\n    </div>\n  <% end %>\n</div>\n\n"
                "<.live_component :if={@booking} module={SaltmarshWeb.BookingLive.Modal} id=\"booking\" clinic={@clinic} starts_at={@booking.starts_at} />")
        s.edit("lib/saltmarsh_web/router.ex", "      live \"/clinics/:clinic_id/calendar/:date\", CalendarLive.Day",
               "      live \"/clinics/:clinic_id/calendar/week\", CalendarLive.Week\n      live \"/clinics/:clinic_id/calendar/:date\", CalendarLive.Day")
        s.bash("mix compile 2>&1 | tail -8",
               "== Compilation error in file lib/saltmarsh_web/live/calendar_live/week.html.heex ==\n** (CompileError) undefined function slot_at/3 (expected SaltmarshWeb.CalendarLive.Week to define such a function or for it to be imported)\n"
               "    lib/saltmarsh_web/live/calendar_live/week.html.heex:11\n** (CompileError) undefined function starting_in/2\n** (CompileError) undefined function appointment_block/1", error=True)
        s.read("lib/saltmarsh_web/live/calendar_live/components.ex",
               "  attr :appointment, :map, required: true\n  def appointment_card(assigns) do\n    ~H\"\"\"\n    <div class=\"rounded bg-teal-100 p-1\"><%= @appointment.patient.first_name %> <%= @appointment.patient.last_name %></div>\n    \"\"\"\n  end")
        s.edit("lib/saltmarsh_web/live/calendar_live/components.ex", "  attr :appointment, :map, required: true\n  def appointment_card(assigns) do",
               "  attr :appointment, :map, required: true\n  def appointment_block(assigns) do\n    minutes = DateTime.diff(assigns.appointment.ends_at, assigns.appointment.starts_at, :minute)\n"
               "    assigns = assign(assigns, rows: max(div(minutes, 15), 1))\n    ~H\"\"\"\n"
               "    <div class=\"absolute inset-x-0.5 z-10 overflow-hidden rounded bg-teal-100 px-1 text-xs\" style={\"height: #{@rows * 1.5}rem\"}>\n"
               "      <%= Calendar.strftime(@appointment.starts_at, \"%H:%M\") %> <%= @appointment.patient.last_name %>\n    </div>\n    \"\"\"\n  end\n\n"
               "  attr :appointment, :map, required: true\n  def appointment_card(assigns) do")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.ex", "  defp week_start(nil)",
               "  def slot_at(clinic, date, time), do: DateTime.new!(date, time, clinic.timezone) |> DateTime.to_iso8601()\n\n"
               "  def starting_in(nil, _row), do: []\n  def starting_in(appts, row) do\n    Enum.filter(appts, fn a ->\n"
               "      t = a.starts_at |> DateTime.to_time()\n      Time.compare(t, row) != :lt and Time.diff(t, row) < @slot_minutes * 60\n    end)\n  end\n\n  defp week_start(nil)")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.ex", "  alias Saltmarsh.{Clinics, Scheduling}", "  alias Saltmarsh.{Clinics, Scheduling}\n  import SaltmarshWeb.CalendarLive.Components")
        s.bash("mix compile 2>&1 | tail -3", "Compiling 4 files (.ex)\nGenerated saltmarsh app")
        s.say("Compiles. One thing I noticed: `starting_in` compares times in UTC (`DateTime.to_time` on a UTC datetime) but rows are clinic-local. Converting to the clinic's zone before grouping.")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.ex", "    appts = Scheduling.list_for_range(c.id, hd(days), List.last(days))\n",
               "    appts =\n      Scheduling.list_for_range(c.id, hd(days), List.last(days))\n      |> Enum.map(&%{&1 | starts_at: DateTime.shift_zone!(&1.starts_at, c.timezone), ends_at: DateTime.shift_zone!(&1.ends_at, c.timezone)})\n")
        s.user("good catch. tests for the liveview please: renders the week, navigates, opens modal, live update")
        s.write("test/saltmarsh_web/live/calendar_week_live_test.exs",
                "defmodule SaltmarshWeb.CalendarWeekLiveTest do\n  use SaltmarshWeb.ConnCase, async: true\n  import Phoenix.LiveViewTest\n  import Saltmarsh.Factory\n\n"
                "  setup :register_and_log_in_staff\n\n  setup %{staff: staff} do\n    clinic = insert(:clinic, timezone: \"Europe/Paris\", staff: [staff])\n    %{clinic: clinic}\n  end\n\n"
                "  test \"shows the week's appointments in clinic time\", %{conn: conn, clinic: c} do\n"
                "    insert(:appointment, clinic: c, starts_at: ~U[2026-11-03 08:00:00Z], ends_at: ~U[2026-11-03 08:30:00Z], patient: build(:patient, last_name: \"Garnier\"))\n"
                "    {:ok, view, _} = live(conn, ~p\"/clinics/#{c.id}/calendar/week?week=2026-11-02\")\n    assert render(view) =~ \"09:00 Garnier\"\n  end\n\n"
                "  test \"navigates to the next week\", %{conn: conn, clinic: c} do\n    {:ok, view, _} = live(conn, ~p\"/clinics/#{c.id}/calendar/week?week=2026-11-02\")\n"
                "    view |> element(\"a\", \"→\") |> render_click()\n    assert_patch(view, ~p\"/clinics/#{c.id}/calendar/week?week=2026-11-09\")\n  end\n\n"
                "  test \"clicking an empty slot opens the booking modal\", %{conn: conn, clinic: c} do\n    {:ok, view, _} = live(conn, ~p\"/clinics/#{c.id}/calendar/week?week=2026-11-02\")\n"
                "    view |> element(~s([phx-value-at=\"2026-11-02T09:00:00+01:00\"])) |> render_click()\n    assert has_element?(view, \"#booking\")\n  end\n\n"
                "  test \"updates when someone else books\", %{conn: conn, clinic: c} do\n    {:ok, view, _} = live(conn, ~p\"/clinics/#{c.id}/calendar/week?week=2026-11-02\")\n"
                "    appt = insert(:appointment, clinic: c, starts_at: ~U[2026-11-04 13:00:00Z], ends_at: ~U[2026-11-04 13:15:00Z], patient: build(:patient, last_name: \"Ndiaye\"))\n"
                "    Saltmarsh.Scheduling.broadcast(c.id, {:appointment_changed, appt.id})\n    assert render(view) =~ \"14:00 Ndiaye\"\n  end\nend")
        s.bash("mix test test/saltmarsh_web/live/calendar_week_live_test.exs 2>&1 | tail -15",
               "  1) test clicking an empty slot opens the booking modal (SaltmarshWeb.CalendarWeekLiveTest)\n     test/saltmarsh_web/live/calendar_week_live_test.exs:26\n"
               "     ** (ArgumentError) selector \"[phx-value-at=\\\"2026-11-02T09:00:00+01:00\\\"]\" did not return any element within: ...\n\n"
               "  2) test navigates to the next week (SaltmarshWeb.CalendarWeekLiveTest)\n     ** (FunctionClauseError) no function clause matching in Date.from_iso8601!/1\n"
               "     code: view |> element(\"a\", \"→\") |> render_click()\n\n4 tests, 2 failures", error=True)
        s.say("Two failures. (1) The grid renders before the clinic has opening hours in the factory, so rows fall back to 08:00 and my selector is for 09:00 local... let me check the factory. (2) `Date.add` gives a `Date`, interpolated fine, but `handle_params` receives it back — the clause for missing `week` is hit first? Checking.")
        s.read("test/support/factory.ex", "  def clinic_factory do\n    %Saltmarsh.Clinics.Clinic{name: sequence(:clinic, &\"Clinique #{&1}\"), timezone: \"Europe/Paris\", opening_hours: []}\n  end")
        s.bash("mix test test/saltmarsh_web/live/calendar_week_live_test.exs:26 --trace 2>&1 | grep -m3 'phx-value-at'", "<div class=\"border-t h-6 relative\" phx-click=\"slot\" phx-value-at=\"2026-11-02T09:00:00+01:00\">")
        s.say("The element exists; the issue is the selector quoting with `+` inside `~s(...)`. Using a `phx-value-at` prefix match instead. For (2), `handle_params` is called with the `week` param on mount too, so `week_start(\"2026-11-09\")` should work... the stack trace says `Date.from_iso8601!/1` got `nil`.")
        s.bash("mix test test/saltmarsh_web/live/calendar_week_live_test.exs:19 --trace 2>&1 | grep -A3 'FunctionClauseError'",
               "** (FunctionClauseError) no function clause matching in Date.from_iso8601!/1\n    The following arguments were given to Date.from_iso8601!/1:\n        # 1\n        \"2026-11-09?\"")
        s.say("The link renders `?week=2026-11-09?`: `Date.add(@monday, 7)` inside `~p` gets encoded with a trailing `?` because I wrote the query inside the path string. Using `~p\"/clinics/#{id}/calendar/week?#{[week: d]}\"` fixes the encoding.")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.html.heex",
               "    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?week=#{Date.add(@monday, -7)}\"}>←</.link>\n    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?week=#{Date.add(@monday, 7)}\"}>→</.link>",
               "    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?#{[week: Date.add(@monday, -7)]}\"}>←</.link>\n    <.link patch={~p\"/clinics/#{@clinic.id}/calendar/week?#{[week: Date.add(@monday, 7)]}\"}>→</.link>")
        s.edit("test/saltmarsh_web/live/calendar_week_live_test.exs", "    view |> element(~s([phx-value-at=\"2026-11-02T09:00:00+01:00\"])) |> render_click()",
               "    view |> element(~s([phx-value-at^=\"2026-11-02T09:00\"])) |> render_click()")
        s.bash("mix test test/saltmarsh_web/live/calendar_week_live_test.exs 2>&1 | tail -2", "Finished in 0.6 seconds (0.6s async, 0.0s sync)\n4 tests, 0 failures")
        s.bash("mix test 2>&1 | tail -2", "Finished in 10.4 seconds (3.3s async, 7.1s sync)\n139 tests, 0 failures")
        s.user("let me look at it in the browser... looks ok but blocks overlap when two practitioners have the same slot. Can you split the column per practitioner?")
        s.edit("lib/saltmarsh_web/live/calendar_live/components.ex", "    <div class=\"absolute inset-x-0.5 z-10 overflow-hidden rounded bg-teal-100 px-1 text-xs\" style={\"height: #{@rows * 1.5}rem\"}>",
               "    <div class=\"absolute z-10 overflow-hidden rounded bg-teal-100 px-1 text-xs\" style={\"height: #{@rows * 1.5}rem; left: #{@lane * 100 / @lanes}%; width: #{100 / @lanes}%\"}>")
        s.edit("lib/saltmarsh_web/live/calendar_live/components.ex", "  attr :appointment, :map, required: true\n  def appointment_block(assigns) do",
               "  attr :appointment, :map, required: true\n  attr :lane, :integer, default: 0\n  attr :lanes, :integer, default: 1\n  def appointment_block(assigns) do")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.ex", "    assign(socket, days: days, rows: rows(c), by_day: Enum.group_by(appts, &DateTime.to_date(&1.starts_at)))",
               "    lanes = appts |> Enum.map(& &1.practitioner_id) |> Enum.uniq() |> Enum.with_index() |> Map.new()\n"
               "    assign(socket, days: days, rows: rows(c), lanes: lanes, by_day: Enum.group_by(appts, &DateTime.to_date(&1.starts_at)))")
        s.edit("lib/saltmarsh_web/live/calendar_live/week.html.heex", "      <.appointment_block :for={a <- starting_in(@by_day[d], r)} appointment={a} />",
               "      <.appointment_block :for={a <- starting_in(@by_day[d], r)} appointment={a} lane={@lanes[a.practitioner_id]} lanes={max(map_size(@lanes), 1)} />")
        s.bash("mix test test/saltmarsh_web/live/ 2>&1 | tail -2", "Finished in 1.9 seconds (1.9s async, 0.0s sync)\n31 tests, 0 failures")
        s.user("much better. commit + push to a branch and open the PR, title 'Week view for the back-office calendar'")
        s.bash("git checkout -qb feat/calendar-week && git add -A && git commit -qm 'calendar: week view (6 days, 15-min rows, lanes per practitioner, live updates)' && git push -qu origin feat/calendar-week 2>&1 | tail -1",
               "remote: Create a pull request for 'feat/calendar-week' on GitHub by visiting: https://github.com/saltmarsh-health/saltmarsh/pull/new/feat/calendar-week")
        s.bash("gh pr create --title 'Week view for the back-office calendar' --body 'Week view at /clinics/:id/calendar/week: Mon-Sat, 15-min rows from the clinic opening hours, one lane per practitioner, live updates over PubSub, click on an empty slot opens the booking modal. Times in the clinic time zone.' 2>&1 | tail -1",
               "https://github.com/saltmarsh-health/saltmarsh/pull/412")
        s.say(
            "PR #412 is open. What's in it:\n- `Scheduling.list_for_range/3` (+ test)\n- `CalendarLive.Week` + template: Mon-Sat, 15-min rows from opening hours, "
            "prev/next week links, click on an empty slot opens the existing booking modal, live updates via the clinic PubSub topic\n"
            "- times shown in the clinic's time zone; one lane per practitioner so blocks don't overlap\n- 4 LiveView tests; full suite 139 green\n\n"
            "Not done: drag-and-drop to move appointments, a print stylesheet."
        )
