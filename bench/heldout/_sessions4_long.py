"""Fourth set, long English sessions whose only expected label is session_summary (m28, m29)."""


def register(session):
    @session("m28-long-inventory-ui", "marrowlight", "2026-10-21T18:00:00", ["session_summary"], ("decision", "preference"))
    def _(s):
        s.user("ok big one today. inventory screen. grid of 5x4, drag to equip, tooltip on hover, works with gamepad. mock is in docs/ui/inventory.png. go")
        s.work([
            ("bash", "ls Assets/Scripts/UI Assets/UI", "Assets/Scripts/UI:\nHealthBar.cs\nHud.cs\nPauseMenu.cs\nUiInput.cs\n\nAssets/UI:\nHealthBar.uss\nHud.uxml\nPauseMenu.uxml\nTheme.uss"),
            ("read", "Assets/Scripts/UI/PauseMenu.cs", "public class PauseMenu : MonoBehaviour\n{\n    [SerializeField] UIDocument doc;\n    void OnEnable() { doc.rootVisualElement.Q<Button>(\"resume\").clicked += Resume; }\n}"),
            ("read", "Assets/Scripts/Items/ItemDef.cs", "[CreateAssetMenu]\npublic class ItemDef : ScriptableObject\n{\n    public string id;\n    public Sprite icon;\n    public EquipSlot slot;\n    public string description;\n}"),
            ("read", "Assets/Scripts/Player/Equipment.cs", "public class Equipment : MonoBehaviour\n{\n    public ItemDef weapon, armor, trinket;\n    public event Action Changed;\n}"),
            ("write", "Assets/UI/Inventory.uxml", "<ui:UXML xmlns:ui=\"UnityEngine.UIElements\">\n  <ui:VisualElement name=\"inventory\" class=\"panel\">\n    <ui:VisualElement name=\"grid\" class=\"grid\" />\n    <ui:VisualElement name=\"slots\" class=\"slots\" />\n    <ui:Label name=\"tooltip\" class=\"tooltip hidden\" />\n  </ui:VisualElement>\n</ui:UXML>"),
            ("write", "Assets/UI/Inventory.uss", ".grid { flex-direction: row; flex-wrap: wrap; width: 520px; }\n.cell { width: 96px; height: 96px; margin: 4px; background-color: #1b1420; }\n.cell:focus { border-color: #e8c170; border-width: 2px; }\n.tooltip { position: absolute; }\n.hidden { display: none; }"),
            ("write", "Assets/Scripts/UI/InventoryView.cs", "public class InventoryView : MonoBehaviour\n{\n    [SerializeField] UIDocument doc;\n    [SerializeField] Inventory inventory;\n    const int Cols = 5, Rows = 4;\n    void OnEnable() { BuildGrid(); inventory.Changed += Refresh; }\n    void BuildGrid() { /* 20 cells, focusable */ }\n    void Refresh() { /* icons */ }\n}"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Inventory -logFile - | tail -3", "Test run completed. 0 tests.\n"),
            ("write", "Assets/Tests/EditMode/InventoryViewTests.cs", "public class InventoryViewTests\n{\n    [Test] public void BuildsTwentyCells() { var v = Make(); Assert.AreEqual(20, v.Grid.childCount); }\n    [Test] public void ShowsIconOfItemInCell() { /* ... */ }\n}"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Inventory -logFile - | tail -3", "InventoryViewTests.BuildsTwentyCells Passed\nInventoryViewTests.ShowsIconOfItemInCell Failed: Expected sprite but was null\nTest run completed. 1 passed, 1 failed."),
            ("edit", "Assets/Scripts/UI/InventoryView.cs", "    void Refresh() { /* icons */ }", "    void Refresh()\n    {\n        for (int i = 0; i < Cols * Rows; i++)\n            cells[i].style.backgroundImage = inventory[i] ? new StyleBackground(inventory[i].icon) : StyleKeyword.None;\n    }"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Inventory -logFile - | tail -1", "Test run completed. 2 passed, 0 failed."),
        ])
        s.say("Grid and icons work (20 cells, icons refresh when the inventory changes). Next: drag to equip.")
        s.user("k. drag should also work from slot back to grid")
        s.work([
            ("write", "Assets/Scripts/UI/DragManipulator.cs", "public class DragManipulator : PointerManipulator\n{\n    public event Action<int, string> Dropped; // cell index, target slot or \"grid:<i>\"\n    protected override void RegisterCallbacksOnTarget() { target.RegisterCallback<PointerDownEvent>(OnDown); target.RegisterCallback<PointerUpEvent>(OnUp); }\n}"),
            ("edit", "Assets/Scripts/UI/InventoryView.cs", "    void BuildGrid() { /* 20 cells, focusable */ }", "    void BuildGrid()\n    {\n        for (int i = 0; i < Cols * Rows; i++) { var cell = new VisualElement { focusable = true }; cell.AddToClassList(\"cell\"); var drag = new DragManipulator(i); drag.Dropped += OnDropped; cell.AddManipulator(drag); grid.Add(cell); cells[i] = cell; }\n    }"),
            ("edit", "Assets/Scripts/Player/Equipment.cs", "    public event Action Changed;", "    public event Action Changed;\n    public ItemDef Swap(EquipSlot slot, ItemDef item) { var old = Get(slot); Set(slot, item); Changed?.Invoke(); return old; }"),
            ("write", "Assets/Tests/EditMode/EquipDragTests.cs", "public class EquipDragTests\n{\n    [Test] public void DroppingSwordOnWeaponSlotEquipsIt() { }\n    [Test] public void DroppingSlotOnGridUnequips() { }\n    [Test] public void DroppingArmorOnWeaponSlotIsRejected() { }\n}"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Equip -logFile - | tail -2", "EquipDragTests.DroppingArmorOnWeaponSlotIsRejected Failed: armor was equipped as weapon\nTest run completed. 2 passed, 1 failed."),
            ("edit", "Assets/Scripts/UI/InventoryView.cs", "    void OnDropped(int cell, string target)\n    {", "    void OnDropped(int cell, string target)\n    {\n        if (target.StartsWith(\"slot:\") && inventory[cell].slot.ToString() != target[5..]) { Shake(cells[cell]); return; }"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Equip -logFile - | tail -1", "Test run completed. 3 passed, 0 failed."),
        ])
        s.say("Drag works both ways: grid -> matching slot equips (swapping out what was there), slot -> grid unequips, wrong slot shakes the cell and does nothing. 3 tests pass.")
        s.user("tooltip + gamepad now. on gamepad tooltip shows for the focused cell, A = equip")
        s.work([
            ("read", "Assets/Scripts/UI/UiInput.cs", "public class UiInput : MonoBehaviour\n{\n    public InputActionReference submit, cancel, navigate;\n}"),
            ("edit", "Assets/Scripts/UI/InventoryView.cs", "    void OnEnable() { BuildGrid(); inventory.Changed += Refresh; }", "    void OnEnable()\n    {\n        BuildGrid(); inventory.Changed += Refresh;\n        grid.RegisterCallback<FocusInEvent>(e => ShowTooltip(e.target as VisualElement));\n        grid.RegisterCallback<PointerOverEvent>(e => ShowTooltip(e.target as VisualElement));\n        input.submit.action.performed += _ => EquipFocused();\n    }"),
            ("write", "Assets/Tests/PlayMode/InventoryGamepadTests.cs", "public class InventoryGamepadTests : InputTestFixture\n{\n    [UnityTest] public IEnumerator FocusShowsTooltip() { yield return null; }\n    [UnityTest] public IEnumerator SouthButtonEquipsFocused() { yield return null; }\n}"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform PlayMode -testFilter InventoryGamepad -logFile - | tail -2", "InventoryGamepadTests.FocusShowsTooltip Failed: tooltip hidden\nTest run completed. 1 passed, 1 failed."),
            ("grep", "hidden", "Assets/UI/Inventory.uxml:5:    <ui:Label name=\"tooltip\" class=\"tooltip hidden\" />\nAssets/Scripts/UI/InventoryView.cs:41:        tooltip.AddToClassList(\"hidden\");"),
            ("edit", "Assets/Scripts/UI/InventoryView.cs", "        tooltip.AddToClassList(\"hidden\");", "        if (cell == null || inventory[IndexOf(cell)] == null) { tooltip.AddToClassList(\"hidden\"); return; }\n        tooltip.RemoveFromClassList(\"hidden\");"),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform PlayMode -testFilter InventoryGamepad -logFile - | tail -1", "Test run completed. 2 passed, 0 failed."),
            ("bash", "Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -logFile - | tail -1", "Test run completed. 142 passed, 0 failed."),
            ("bash", "git add -A && git commit -qm 'Inventory screen: 5x4 grid, drag to equip/unequip, tooltips, gamepad' && git log --oneline -1", "b71e0c4 Inventory screen: 5x4 grid, drag to equip/unequip, tooltips, gamepad"),
        ])
        s.say("Tooltip follows hover and gamepad focus, A (south button) equips the focused item. Full EditMode suite green (142), committed as b71e0c4.")
        s.user("nice. recap for me pls, i'll pick it up tomorrow")
        s.say(
            "**Recap: inventory screen**\n\n"
            "Done (commit b71e0c4):\n- `Inventory.uxml` / `Inventory.uss`: 5x4 grid of focusable cells, slots panel, tooltip\n"
            "- `InventoryView`: builds the grid, refreshes icons on `Inventory.Changed`, tooltip on hover and on focus\n"
            "- `DragManipulator`: grid -> slot equips (swaps via `Equipment.Swap`), slot -> grid unequips, wrong slot is rejected with a shake\n"
            "- gamepad: navigation through focus, south button equips\n- tests: 5 EditMode + 2 PlayMode; whole EditMode suite 142/142\n\n"
            "Open:\n- no drag on gamepad (only A to equip); moving items between grid cells isn't there yet\n- the mock's item rarity border isn't styled\n"
            "- not tested on Switch (the 96px cells may be small in handheld)\n\nNext: rarity borders, then a handheld check on the devkit."
        )

    @session("m29-long-airflow-to-databricks-workflows", "dunehold", "2026-10-22T08:00:00", ["session_summary"], ("decision",))
    def _(s):
        s.user(
            "Today I'd like to move the three nightly Airflow DAGs (lane_costs, fuel_surcharge, bi_export) to Databricks "
            "Workflows, as agreed with the platform team last week. Same schedule (02:00 UTC), same dependencies, same "
            "retries. Please keep the Airflow DAGs in place but paused until we've seen two good nights. Let's start by "
            "looking at what the DAGs do."
        )
        s.work([
            ("bash", "ls airflow/dags", "bi_export.py\nfuel_surcharge.py\nlane_costs.py\ncommon.py"),
            ("read", "airflow/dags/lane_costs.py", "with DAG('lane_costs', schedule='0 2 * * *', default_args={'retries': 2, 'retry_delay': timedelta(minutes=15)}) as dag:\n    run = DatabricksSubmitRunOperator(task_id='run', json=spark_task('dunehold.LaneCostJob', cluster='m5.2xlarge x8'))"),
            ("read", "airflow/dags/fuel_surcharge.py", "with DAG('fuel_surcharge', schedule=None) as dag:\n    wait = ExternalTaskSensor(task_id='wait_lane_costs', external_dag_id='lane_costs')\n    run = DatabricksSubmitRunOperator(task_id='run', json=spark_task('dunehold.FuelSurchargeJob'))\n    wait >> run"),
            ("read", "airflow/dags/bi_export.py", "with DAG('bi_export', schedule=None) as dag:\n    wait = ExternalTaskSensor(task_id='wait_fuel', external_dag_id='fuel_surcharge')\n    run = DatabricksSubmitRunOperator(task_id='run', json=spark_task('dunehold.export.BiExport', args=['s3://dunehold-bi-eu/weekly']))\n    notify = SlackWebhookOperator(task_id='notify', message='bi export done')"),
            ("read", "airflow/dags/common.py", "def spark_task(main_class, cluster='m5.xlarge x4', args=()):\n    return {'new_cluster': {...}, 'spark_jar_task': {'main_class_name': main_class, 'parameters': list(args)}, 'libraries': [{'jar': 'dbfs:/jars/dunehold-assembly.jar'}]}"),
        ])
        s.say(
            "Three chained DAGs: `lane_costs` (02:00, 2 retries / 15 min, 8x m5.2xlarge) -> `fuel_surcharge` (sensor) -> `bi_export` "
            "(sensor, then Slack). In Workflows that becomes one job with three tasks and `depends_on`, which also removes the two sensors. I'll write it as a Databricks Asset Bundle."
        )
        s.user("Sounds right. Go ahead.")
        s.work([
            ("bash", "databricks --version", "Databricks CLI v0.229.0"),
            ("write", "databricks.yml", "bundle:\n  name: dunehold\ninclude:\n  - resources/*.yml\ntargets:\n  prod:\n    workspace:\n      host: https://dbc-7a1e.cloud.databricks.com"),
            ("write", "resources/nightly.yml", "resources:\n  jobs:\n    nightly:\n      name: dunehold-nightly\n      schedule: {quartz_cron_expression: '0 0 2 * * ?', timezone_id: UTC}\n      tasks:\n        - task_key: lane_costs\n          max_retries: 2\n          min_retry_interval_millis: 900000\n          spark_jar_task: {main_class_name: dunehold.LaneCostJob}\n          job_cluster_key: big\n        - task_key: fuel_surcharge\n          depends_on: [{task_key: lane_costs}]\n          spark_jar_task: {main_class_name: dunehold.FuelSurchargeJob}\n          job_cluster_key: small\n        - task_key: bi_export\n          depends_on: [{task_key: fuel_surcharge}]\n          spark_jar_task: {main_class_name: dunehold.export.BiExport, parameters: ['s3://dunehold-bi-eu/weekly']}\n          job_cluster_key: small"),
            ("bash", "databricks bundle validate -t prod", "Error: job_cluster_key \"big\" is not defined in job_clusters\n  at resources.jobs.nightly.tasks[0]", None, True),
            ("edit", "resources/nightly.yml", "      tasks:", "      job_clusters:\n        - job_cluster_key: big\n          new_cluster: {spark_version: 15.4.x-scala2.12, node_type_id: m5.2xlarge, num_workers: 8}\n        - job_cluster_key: small\n          new_cluster: {spark_version: 15.4.x-scala2.12, node_type_id: m5.xlarge, num_workers: 4}\n      tasks:"),
            ("bash", "databricks bundle validate -t prod", "Validation OK!"),
            ("edit", "resources/nightly.yml", "          job_cluster_key: small\n        - task_key: bi_export", "          job_cluster_key: small\n          max_retries: 2\n          min_retry_interval_millis: 900000\n        - task_key: bi_export"),
            ("edit", "resources/nightly.yml", "          job_cluster_key: small\n", "          job_cluster_key: small\n          max_retries: 2\n          min_retry_interval_millis: 900000\n      email_notifications: {on_failure: [data-oncall@dunehold.io]}\n      webhook_notifications: {on_success: [{id: slack-data-alerts}]}\n"),
            ("bash", "grep -n libraries resources/nightly.yml || echo none", "none"),
            ("edit", "resources/nightly.yml", "          spark_jar_task: {main_class_name: dunehold.LaneCostJob}", "          spark_jar_task: {main_class_name: dunehold.LaneCostJob}\n          libraries: [{jar: ../target/scala-2.12/dunehold-assembly.jar}]"),
            ("bash", "sbt -batch assembly | tail -1", "[success] Total time: 94 s"),
            ("bash", "databricks bundle validate -t prod", "Validation OK!"),
            ("bash", "databricks bundle deploy -t prod", "Uploading dunehold-assembly.jar...\nDeploying resources...\nDeployment complete!"),
        ])
        s.say("Deployed the bundle: one job `dunehold-nightly`, three tasks chained with `depends_on`, two job clusters, retries 2 x 15 min on each task, failure mail to data-oncall and Slack on success. Want a test run now, against yesterday's data?")
        s.user("Yes please, run it once now. Then pause the Airflow DAGs.")
        s.work([
            ("bash", "databricks bundle run -t prod nightly", "Run URL: https://dbc-7a1e.cloud.databricks.com/#job/5530/run/90121\n2026-10-22 09:14:02 \"dunehold-nightly\" RUNNING\n2026-10-22 09:41:37 \"dunehold-nightly\" TERMINATED SUCCESS"),
            ("bash", "databricks jobs get-run 90121 | jq -r '.tasks[] | \"\\(.task_key) \\(.state.result_state) \\(.execution_duration/1000|floor)s\"'", "lane_costs SUCCESS 1288s\nfuel_surcharge SUCCESS 211s\nbi_export SUCCESS 96s"),
            ("bash", "spark-sql -e \"select count(*), sum(total_cost) from gold.lane_costs_weekly where week='2026-W42'\"", "18342\t4188210.55"),
            ("bash", "spark-sql -e \"select count(*), sum(total_cost) from gold.lane_costs_weekly_airflow_check where week='2026-W42'\"", "18342\t4188210.55"),
            ("bash", "for d in lane_costs fuel_surcharge bi_export; do airflow dags pause $d; done", "Dag: lane_costs, paused: True\nDag: fuel_surcharge, paused: True\nDag: bi_export, paused: True"),
            ("bash", "git add databricks.yml resources/ && git commit -qm 'Nightly pipeline as a Databricks Workflows job (Airflow DAGs paused)' && git log --oneline -1", "4e07d9a Nightly pipeline as a Databricks Workflows job (Airflow DAGs paused)"),
        ])
        s.say("Test run green (lane_costs 21 min, fuel_surcharge 3.5 min, bi_export 1.5 min); W42 totals match the Airflow output exactly (18,342 rows, 4,188,210.55). The three Airflow DAGs are paused, bundle committed as 4e07d9a.")
        s.user("Great. Could you sum up the day so I can paste it into the platform channel?")
        s.say(
            "**Nightly pipeline moved to Databricks Workflows**\n\n"
            "- New job `dunehold-nightly` (Asset Bundle in `databricks.yml` + `resources/nightly.yml`): lane_costs -> fuel_surcharge -> bi_export, 02:00 UTC, "
            "2 retries with 15 min between on every task, failure mail to data-oncall, Slack on success.\n"
            "- Replaces three Airflow DAGs and their two ExternalTaskSensors; the DAGs are **paused, not deleted**.\n"
            "- Test run today on W42: all three tasks succeeded in 27 min total, output identical to Airflow's.\n\n"
            "Still to do:\n- watch two scheduled nights (tonight and tomorrow), then delete the DAGs and the `DatabricksSubmitRunOperator` connection\n"
            "- the Slack message no longer says which week was exported (the Airflow one did)\n- CI doesn't run `bundle validate` yet"
        )
