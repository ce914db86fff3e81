"""Fourth set, sessions not in English (m37-m48): user and assistant in the language, identifiers in English."""


def register(session):
    @session("m37-es-decision-meilisearch", "brightcart", "2026-10-06T15:00:00", ["decision"])
    def _(s):
        s.user(
            "Hola! La búsqueda de productos con LIKE '%...%' ya no da para más, tarda 2-3 segundos con 40 mil productos. "
            "Estaba mirando Algolia y Meilisearch, los dos van con Laravel Scout. ¿Qué me recomiendas?"
        )
        s.bash("mysql -e \"select count(*) from products\" brightcart", "count(*)\n41277")
        s.say(
            "Con Scout el código es casi igual para los dos; la diferencia está en el resto:\n\n"
            "- **Algolia**: servicio gestionado, muy rápido, buen panel. Pero se paga por búsquedas y registros; con 41k productos y el tráfico de Black Friday se puede ir de precio, y los datos salen a un tercero.\n"
            "- **Meilisearch**: open source, se instala en el mismo servidor (o Meilisearch Cloud), tolera errores de tipeo y tiene facetas. Hay que mantenerlo y hacer backups.\n\n"
            "Para una tienda que ya corre en su propio servidor, Meilisearch suele salir mejor."
        )
        s.user("Vale, Meilisearch. No quiero pagar por búsqueda justo en Black Friday. Lo montamos en el mismo servidor con Forge.")
        s.bash("composer require laravel/scout meilisearch/meilisearch-php http-interop/http-factory-guzzle", "Using version ^10.11 for laravel/scout\nUsing version ^1.10 for meilisearch/meilisearch-php\n...")
        s.edit("app/Models/Product.php", "class Product extends Model\n{\n    use HasFactory;", "class Product extends Model\n{\n    use HasFactory, Searchable;\n\n    public function toSearchableArray(): array\n    {\n        return ['id' => $this->id, 'name' => $this->name, 'brand' => $this->brand, 'category' => $this->category->name];\n    }")
        s.edit(".env.example", "SCOUT_DRIVER=", "SCOUT_DRIVER=meilisearch\nMEILISEARCH_HOST=http://127.0.0.1:7700")
        s.bash("php artisan scout:import 'App\\Models\\Product'", "Imported [App\\Models\\Product] models up to ID: 41277\nAll [App\\Models\\Product] records have been imported.")
        s.say("Listo: Scout con el driver de Meilisearch, `Product` es `Searchable` (nombre, marca, categoría) y los 41.277 productos están indexados. En Forge hay que añadir Meilisearch como daemon en el servidor y poner `MEILISEARCH_KEY` en el `.env`.")

    @session("m38-de-runbook-failed-jobs-redis", "brightcart", "2026-10-08T08:10:00", ["runbook"])
    def _(s):
        s.user("Moin. Seit dem Redis-Neustart heute Nacht hängen ca. 300 Jobs in failed_jobs, alle mit 'MaxAttemptsExceededException'. Kannst du schauen, was los ist, und die wieder anstoßen?")
        s.bash("ssh forge@shop-1 'cd brightcart && php artisan queue:failed | head -5'", "+------+------------+---------+------------------------------+---------------------+\n| ID   | Connection | Queue   | Class                        | Failed At           |\n| 9a1c | redis      | default | App\\Jobs\\PushOrderToErp       | 2026-10-08 03:12:41 |\n| 9a1b | redis      | default | App\\Jobs\\SendOrderConfirmation | 2026-10-08 03:12:41 |")
        s.bash("ssh forge@shop-1 'grep -m3 \"MaxAttempts\\|reserved\" storage/logs/laravel-2026-10-08.log'", "[03:12:41] production.ERROR: App\\Jobs\\PushOrderToErp has been attempted too many times. {\"exception\":\"MaxAttemptsExceededException\"}\n[03:12:40] production.WARNING: Redis connection lost, reconnecting (reserved jobs will be released after retry_after=90)")
        s.say(
            "Ursache: Beim Redis-Neustart waren die Jobs schon reserviert. Nach `retry_after` (90 s) wurden sie wieder freigegeben, aber der Zähler der Versuche "
            "war schon bei `tries=1`, also gelten sie sofort als zu oft versucht. Die Jobs selbst sind in Ordnung; sie können einfach noch einmal laufen. "
            "`PushOrderToErp` ist idempotent (prüft `erp_pushed_at`), `SendOrderConfirmation` prüft `confirmation_sent_at`, es gibt also keine doppelten Mails."
        )
        s.bash("ssh forge@shop-1 'cd brightcart && php artisan queue:retry all && sleep 60 && php artisan queue:failed | wc -l && php artisan horizon:status'", "The failed job [9a1c...] has been pushed back onto the queue!\n... (312 jobs)\n4\nHorizon is running.")
        s.say("Alle 312 Jobs wieder angestoßen, nach einer Minute ist `failed_jobs` leer (nur die Tabellenrahmen), Horizon läuft.")
        s.user("Super. Schreib das bitte in docs/betrieb.md, damit wir das beim nächsten Redis-Wartungsfenster wissen.")
        s.edit("docs/betrieb.md", "## Queue\n", "## Queue\n\n### Viele MaxAttemptsExceededException nach Redis-Neustart/Wartung\n\n- **Symptom**: hunderte Jobs in `failed_jobs` mit `MaxAttemptsExceededException`, alle zur selben Minute wie der Redis-Neustart.\n"
               "- **Ursache**: reservierte Jobs werden nach `retry_after` freigegeben, der Versuchszähler ist aber schon verbraucht.\n"
               "- **Lösung**: `php artisan queue:retry all` (Jobs sind idempotent), danach `php artisan queue:failed` prüfen und `horizon:status`.\n"
               "- Vor geplanter Wartung besser `php artisan horizon:pause`, nach der Wartung `horizon:continue`.\n")
        s.say("Steht jetzt in `docs/betrieb.md` unter Queue: Symptom, Ursache, Lösung, und der Tipp mit `horizon:pause` vor einer geplanten Wartung.")

    @session("m39-fr-constraint-no-ssh", "skyforge", "2026-10-09T14:30:00", ["constraint"], ("decision",))
    def _(s):
        s.user("Salut, j'ai besoin de me connecter à l'instance du bastion pour débugger un truc réseau. Tu peux ouvrir le port 22 dans le security group, juste pour mon IP ?")
        s.read("modules/bastion/main.tf", 'resource "aws_security_group" "bastion" {\n  name   = "bastion"\n  vpc_id = var.vpc_id\n  # no ingress: access through SSM Session Manager only\n  egress { from_port = 0  to_port = 0  protocol = "-1"  cidr_blocks = ["0.0.0.0/0"] }\n}')
        s.bash("aws organizations describe-policy --policy-id p-3x9ssh01 --query 'Policy.Content' --output text | jq '.Statement[0]'", "{\n  \"Sid\": \"DenyIngress22\",\n  \"Effect\": \"Deny\",\n  \"Action\": \"ec2:AuthorizeSecurityGroupIngress\",\n  \"Condition\": {\"ForAnyValue:StringEquals\": {\"ec2:FromPort\": [\"22\", \"3389\"]}}\n}")
        s.say(
            "Je ne peux pas : une SCP de l'organisation (`DenyIngress22`) refuse toute règle d'entrée sur les ports 22 et 3389, même pour une seule IP, et le module bastion "
            "est volontairement sans ingress (« SSM Session Manager only »). Tu peux te connecter sans ouvrir de port :\n\n"
            "`aws ssm start-session --target $(terraform -chdir=live/prod/bastion output -raw instance_id)`\n\n"
            "Et pour un tunnel vers une base : `aws ssm start-session --document-name AWS-StartPortForwardingSessionToRemoteHost ...`."
        )
        s.user("Ah oui, c'est vrai, la sécu a mis ça en place en septembre. Pas de SSH du tout, c'est la règle maintenant. Ok, ajoute au moins la commande dans le README du module, que personne ne redemande.")
        s.edit("modules/bastion/README.md", "# bastion\n", "# bastion\n\n**Pas de SSH** : la SCP `DenyIngress22` de l'organisation interdit toute ouverture des ports 22/3389 (règle sécurité depuis septembre 2026). Accès uniquement par SSM :\n\n```\naws ssm start-session --target $(terraform -chdir=live/prod/bastion output -raw instance_id)\n```\n")
        s.say("Ajouté dans `modules/bastion/README.md` : la règle (pas de port 22, SCP `DenyIngress22`) et la commande SSM.")

    @session("m40-pt-techdebt-terragrunt-versions", "skyforge", "2026-10-12T16:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("o plan de staging tá mostrando um warning de provider aws desatualizado. é grave?")
        s.bash("cd live/staging && terragrunt run-all providers lock -no-color 2>&1 | grep -i version | sort -u | head", "- hashicorp/aws: 4.67.0 (modules/rds-postgres)\n- hashicorp/aws: 5.72.1 (modules/eks-cluster, modules/network, modules/queues)\n- hashicorp/aws: 5.31.0 (modules/iam-roles)")
        s.say(
            "Não é grave agora, mas tem três versões do provider `aws` no repo: `rds-postgres` ainda está em 4.67 (a série 4.x não recebe mais correções), `iam-roles` em 5.31 "
            "e o resto em 5.72. Subir o `rds-postgres` para 5.x muda alguns argumentos do `aws_db_instance` (`name` virou `db_name`) e precisa de um plan cuidadoso em prod."
        )
        s.user("entendi. deixa pra depois do freeze de dezembro, não quero mexer no RDS agora. mas anota em algum lugar pra gente não esquecer")
        s.bash("cat docs/debt.md | head -3", "# Dívida técnica\n\n- [ ] logs do ALB sem lifecycle (custo S3)")
        s.edit("docs/debt.md", "- [ ] logs do ALB sem lifecycle (custo S3)", "- [ ] logs do ALB sem lifecycle (custo S3)\n- [ ] provider `aws` em três versões: `rds-postgres` 4.67 (sem correções), `iam-roles` 5.31, resto 5.72. Unificar em 5.x depois do freeze de dezembro; no RDS, `name` -> `db_name`, plan cuidadoso em prod.")
        s.say("Anotado em `docs/debt.md`: as três versões, por que esperar (freeze de dezembro) e o cuidado com o `db_name` no RDS.")

    @session("m41-ja-preference-english-comments", "marrowlight", "2026-10-14T13:00:00", ["preference"])
    def _(s):
        s.user("敵のスポーン処理にウェーブ制を入れたい。EnemySpawner.cs を見て、wave ごとに敵の数を増やすようにして。")
        s.read("Assets/Scripts/Enemies/EnemySpawner.cs", "public class EnemySpawner : MonoBehaviour\n{\n    [SerializeField] EnemyDef[] pool;\n    [SerializeField] int count = 5;\n    void Start() { for (int i = 0; i < count; i++) Spawn(); }\n}")
        s.edit("Assets/Scripts/Enemies/EnemySpawner.cs", "    void Start() { for (int i = 0; i < count; i++) Spawn(); }", "    [SerializeField] int wavesPerRoom = 3;\n    // ウェーブごとに敵を2体ずつ増やす\n    IEnumerator Start()\n    {\n        for (int wave = 0; wave < wavesPerRoom; wave++)\n        {\n            // 前のウェーブが全滅するまで待つ\n            for (int i = 0; i < count + wave * 2; i++) Spawn();\n            yield return new WaitUntil(() => alive == 0);\n        }\n    }")
        s.say("ウェーブ制にしました。1部屋3ウェーブで、ウェーブごとに敵が2体ずつ増え、前のウェーブが全滅したら次が出ます。")
        s.user("ありがとう。でもコード内のコメントは英語でお願い。海外のメンバーもいるので、このプロジェクトではコメントとコミットメッセージは全部英語にしてる。")
        s.edit("Assets/Scripts/Enemies/EnemySpawner.cs", "    // ウェーブごとに敵を2体ずつ増やす", "    // each wave adds two more enemies")
        s.edit("Assets/Scripts/Enemies/EnemySpawner.cs", "            // 前のウェーブが全滅するまで待つ", "            // wait until the previous wave is cleared")
        s.bash("git add Assets/Scripts/Enemies/EnemySpawner.cs && git commit -qm 'EnemySpawner: waves, two more enemies per wave' && git log --oneline -1", "5d2e8a1 EnemySpawner: waves, two more enemies per wave")
        s.say("コメントを英語に直し、英語のメッセージでコミットしました（5d2e8a1）。今後このプロジェクトではコメントとコミットメッセージを英語で書きます。")

    @session("m42-zh-constraint-cluster-policy", "dunehold", "2026-10-16T10:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("我想把 backfill 的集群开到 60 个 worker，这样一周的数据能快点跑完。帮我改一下 notebooks/backfill_2024 的集群配置？")
        s.read("notebooks/backfill_cluster.json", "{\n  \"spark_version\": \"15.4.x-scala2.12\",\n  \"node_type_id\": \"m5.2xlarge\",\n  \"num_workers\": 8,\n  \"policy_id\": \"E06216CAA0000A2B\"\n}")
        s.bash("databricks cluster-policies get E06216CAA0000A2B | jq -r '.definition' | jq '{num_workers, \"autoscale.max_workers\", node_type_id}'", "{\n  \"num_workers\": {\"type\": \"range\", \"maxValue\": 20},\n  \"autoscale.max_workers\": {\"type\": \"range\", \"maxValue\": 20},\n  \"node_type_id\": {\"type\": \"allowlist\", \"values\": [\"m5.xlarge\", \"m5.2xlarge\"]}\n}")
        s.say("开不到 60：这个集群用的是策略 `E06216CAA0000A2B`，规定 worker 最多 20 个，机型只能是 m5.xlarge 或 m5.2xlarge。超过的话集群根本创建不了。")
        s.user("哦对，这是平台组给数据组定的预算策略，每个集群最多 20 个 worker，没法改。那就开到 20 吧。")
        s.edit("notebooks/backfill_cluster.json", "  \"num_workers\": 8,", "  \"num_workers\": 20,")
        s.say("已改为 20 个 worker（策略允许的上限，m5.2xlarge 不变）。按之前每周大约 9 分钟、8 个 worker 的速度估算，20 个 worker 大概每周 4 分钟左右。")

    @session("m43-ko-decision-save-format", "marrowlight", "2026-10-18T11:00:00", ["decision"])
    def _(s):
        s.user("세이브 파일이 JSON이라 플레이어들이 쉽게 고쳐서 치트함 ㅋㅋ 그리고 크기도 커. MessagePack으로 바꿀까, 아니면 JSON 그대로 두고 체크섬만 넣을까?")
        s.bash("ls -la ~/.config/unity3d/Marrow/Marrowlight/save0.json", "-rw-r--r-- 1 sam sam 1843221 Oct 18 10:51 save0.json")
        s.say(
            "두 가지 다 가능합니다.\n\n- **MessagePack**: 바이너리라서 크기가 보통 30~50% 줄고 로딩도 빠릅니다. 하지만 사람이 못 읽으니 버그 리포트 때 디버깅이 불편하고, 패키지(MessagePack-CSharp)와 IL2CPP용 코드 생성이 필요합니다.\n"
            "- **JSON + HMAC 체크섬**: 형식은 그대로, 수정하면 체크섬이 안 맞아서 감지됩니다. 크기는 그대로(1.8MB)지만 gzip을 같이 쓰면 많이 줄어듭니다.\n\n"
            "싱글플레이 게임이라 치트를 완전히 막을 필요는 없다면 두 번째가 더 단순합니다."
        )
        s.user("ㅇㅋ JSON + 체크섬 + gzip으로 가자. 디버깅할 때 읽을 수 있는 게 더 중요해")
        s.edit("Assets/Scripts/Save/SaveSystem.cs", "    var json = JsonUtility.ToJson(state);", "    var json = JsonUtility.ToJson(state);\n    var mac = SaveIntegrity.Sign(json); // HMAC-SHA256, detects hand-edited saves\n    var bytes = Gzip.Compress(Encoding.UTF8.GetBytes(mac + \"\\n\" + json));")
        s.bash("Unity -batchmode -quit -projectPath . -runTests -testPlatform EditMode -testFilter Save -logFile - | tail -1", "Test run completed. 9 passed, 0 failed.")
        s.say("JSON은 그대로 두고 HMAC 체크섬과 gzip을 추가했습니다. 세이브 테스트 9개 통과. 체크섬이 안 맞으면 지금은 경고만 로그에 남기고, 로드는 막지 않습니다.")

    @session("m44-es-long-checkout-timeouts", "brightcart", "2026-10-20T09:00:00", ["runbook", "tech_debt", "session_summary"], ("decision",))
    def _(s):
        s.user(
            "Buenos días. Desde ayer hay quejas de clientes: el checkout a veces se queda cargando y da 504. No pasa siempre. "
            "¿Me ayudas a encontrar qué es? Tienes acceso por ssh a shop-1."
        )
        s.work([
            ("bash", "ssh forge@shop-1 'grep -c \" 504 \" /var/log/nginx/brightcart-access.log'", "87"),
            ("bash", "ssh forge@shop-1 'grep \" 504 \" /var/log/nginx/brightcart-access.log | awk \"{print \\$7}\" | sort | uniq -c | sort -rn | head -3'", "     81 /checkout/confirm\n      4 /checkout/shipping\n      2 /account/orders"),
            ("bash", "ssh forge@shop-1 'grep -m2 \"upstream timed out\" /var/log/nginx/brightcart-error.log'", "2026/10/20 08:41:12 [error] upstream timed out (110: Connection timed out) while reading response header from upstream, request: \"POST /checkout/confirm\", upstream: \"fastcgi://unix:/run/php/php8.1-fpm.sock\""),
            ("read", "app/Http/Controllers/CheckoutController.php", "public function confirm(ConfirmRequest $request)\n{\n    $order = $this->orders->createFromCart($request->user()->cart);\n    $quote = $this->shipping->quote($order);   // DHL rates API\n    $order->update(['shipping_cost' => $quote->price]);\n    $payment = Mollie::api()->payments->create([...]);\n    return redirect($payment->getCheckoutUrl());\n}"),
            ("grep", "Http::", "app/Services/ShippingService.php:22:        $res = Http::post($this->url . '/rates', $payload);", None, "app/Services"),
            ("read", "app/Services/ShippingService.php", "public function quote(Order $order): Quote\n{\n    $payload = $this->payloadFor($order);\n    $res = Http::post($this->url . '/rates', $payload);\n    return Quote::fromResponse($res->json());\n}"),
            ("bash", "ssh forge@shop-1 'grep \"shipping.quote\" storage/logs/laravel-2026-10-20.log | awk \"{print \\$NF}\" | sort -n | tail -3'", "31.2s\n44.9s\n60.0s"),
        ])
        s.say(
            "Lo encontré: `POST /checkout/confirm` llama a la API de tarifas de DHL **sin timeout** (`Http::post` sin `->timeout()`). Desde ayer DHL a veces tarda 30-60 s, "
            "y nginx corta a los 60 s con 504. Propongo: timeout de 5 s con un reintento, y si falla, usar la tarifa fija de la tabla `shipping_rates` (la que se usaba antes de la API)."
        )
        s.user("Sí, hazlo así. La tarifa fija está bien como plan B.")
        s.work([
            ("edit", "app/Services/ShippingService.php", "    $res = Http::post($this->url . '/rates', $payload);\n    return Quote::fromResponse($res->json());", "    try {\n        $res = Http::timeout(5)->retry(1, 200)->post($this->url . '/rates', $payload)->throw();\n        return Quote::fromResponse($res->json());\n    } catch (ConnectionException|RequestException $e) {\n        Log::warning('shipping.quote fallback', ['order' => $order->id, 'error' => $e->getMessage()]);\n        return $this->flatRate($order);\n    }"),
            ("read", "app/Models/ShippingRate.php", "class ShippingRate extends Model\n{\n    protected $fillable = ['country', 'max_weight_g', 'price'];\n}"),
            ("edit", "app/Services/ShippingService.php", "    public function quote(Order $order): Quote", "    private function flatRate(Order $order): Quote\n    {\n        $rate = ShippingRate::where('country', $order->country)->where('max_weight_g', '>=', $order->weight_g)->orderBy('max_weight_g')->firstOrFail();\n        return new Quote($rate->price, source: 'flat');\n    }\n\n    public function quote(Order $order): Quote"),
            ("write", "tests/Feature/ShippingQuoteTest.php", "<?php\n\nit('falls back to the flat rate when DHL is slow', function () {\n    Http::fake(['*/rates' => fn () => throw new ConnectionException('timeout')]);\n    expect(app(ShippingService::class)->quote(order(country: 'DE', weight: 12000))->source)->toBe('flat');\n});\n\nit('uses the DHL price when it answers', function () {\n    Http::fake(['*/rates' => Http::response(['price' => 690])]);\n    expect(app(ShippingService::class)->quote(order())->price)->toBe(690);\n});"),
            ("bash", "./vendor/bin/pest tests/Feature/ShippingQuoteTest.php", "   FAIL  Tests\\Feature\\ShippingQuoteTest\n  ⨯ it falls back to the flat rate when DHL is slow\n  ModelNotFoundException: No query results for model [App\\Models\\ShippingRate].", None, True),
            ("bash", "mysql -e \"select country, max_weight_g, price from shipping_rates where country='DE'\" brightcart", "country\tmax_weight_g\tprice\nDE\t5000\t490\nDE\t10000\t690"),
        ])
        s.say("El test falla con una bicicleta de 12 kg: la tabla de tarifas fijas solo llega a 10 kg, así que no hay fila. Para el plan B uso la tarifa más alta del país si el peso la supera.")
        s.work([
            ("edit", "app/Services/ShippingService.php", "->orderBy('max_weight_g')->firstOrFail();", "->orderBy('max_weight_g')->first()\n            ?? ShippingRate::where('country', $order->country)->orderByDesc('max_weight_g')->firstOrFail();"),
            ("bash", "./vendor/bin/pest tests/Feature/ShippingQuoteTest.php", "   PASS  Tests\\Feature\\ShippingQuoteTest\n  ✓ it falls back to the flat rate when DHL is slow\n  ✓ it uses the DHL price when it answers\n\n  Tests:    2 passed (2 assertions)"),
            ("bash", "./vendor/bin/pest", "  Tests:    214 passed (611 assertions)\n  Duration: 38.12s"),
            ("bash", "git add -A && git commit -qm 'Shipping quote: 5s timeout, one retry, flat-rate fallback' && git push -q && git log --oneline -1", "e61b0d7 Shipping quote: 5s timeout, one retry, flat-rate fallback"),
            ("bash", "ssh forge@shop-1 'cd brightcart && git pull -q && php artisan optimize && php artisan horizon:terminate'", "   INFO  Caching framework bootstrap, configuration, and metadata.\nSending TERM signal to processes."),
            ("bash", "sleep 900; ssh forge@shop-1 'awk \"\\$4 > \\\"[20/Oct/2026:10:30\\\"\" /var/log/nginx/brightcart-access.log | grep -c \" 504 \"; grep -c \"shipping.quote fallback\" brightcart/storage/logs/laravel-2026-10-20.log'", "0\n6"),
        ])
        s.say("Desplegado. En los 15 minutos siguientes: 0 respuestas 504 en el checkout, y 6 pedidos usaron la tarifa fija porque DHL tardó más de 5 s.")
        s.user(
            "Genial. Ojo que la tabla de tarifas fijas está desactualizada (precios de 2024 y no tiene Portugal), pero eso lo arreglamos en otro momento, "
            "ahora no tengo los precios nuevos. Y déjame anotado cómo se diagnostica esto, por si vuelve a pasar. Y un resumen de todo para el equipo, porfa."
        )
        s.work([
            ("write", "docs/runbooks/checkout-504.md", "# Checkout da 504\n\n**Síntoma**: clientes con el checkout colgado; 504 en `/checkout/confirm` en el access log de nginx.\n\n"
             "**Diagnóstico**:\n1. `grep ' 504 ' /var/log/nginx/brightcart-access.log` y agrupar por ruta.\n2. `upstream timed out` en el error log = PHP tardó más de 60 s.\n"
             "3. Buscar llamadas HTTP externas en esa ruta (`Http::`) y sus tiempos en el log de Laravel (`shipping.quote`).\n\n"
             "**Arreglo (2026-10-20)**: la cotización de DHL tiene timeout de 5 s + 1 reintento y usa la tarifa fija (`shipping_rates`) si falla. "
             "Muchos `shipping.quote fallback` en el log = DHL lento; avisar a DHL, el checkout sigue funcionando.\n"),
            ("edit", "docs/debt.md", "# Deuda técnica\n", "# Deuda técnica\n\n- [ ] `shipping_rates` (tarifa fija del plan B del checkout) tiene precios de 2024 y no tiene Portugal; actualizar cuando tengamos los precios nuevos. Mientras, un pedido a PT con DHL caído falla.\n"),
        ])
        s.say(
            "**Resumen**\n\n"
            "- **Problema**: 504 intermitentes en `/checkout/confirm` desde el 19/10 (87 hoy hasta las 10:30).\n"
            "- **Causa**: la API de tarifas de DHL a veces tarda 30-60 s y la llamábamos sin timeout; nginx corta a los 60 s.\n"
            "- **Arreglo** (commit e61b0d7, desplegado): timeout de 5 s, un reintento, y si falla, tarifa fija de `shipping_rates` (para pesos por encima de la tabla, la tarifa más alta del país). 2 tests nuevos, 214/214 en verde.\n"
            "- **Resultado**: 0 errores 504 en los 15 minutos tras el despliegue; 6 pedidos con tarifa fija.\n"
            "- **Runbook**: `docs/runbooks/checkout-504.md`.\n"
            "- **Pendiente** (anotado en `docs/debt.md`): la tabla de tarifas fijas es de 2024 y no tiene Portugal; un pedido a PT con DHL lento sigue fallando hasta que se actualice."
        )

    @session("m45-de-preference-decision-money-cents", "brightcart", "2026-10-22T13:00:00", ["decision", "preference"], ("constraint",))
    def _(s):
        s.user("Für die Gutscheine brauche ich eine neue Spalte `gift_cards.balance`. Mach bitte Migration und Model.")
        s.write("database/migrations/2026_10_22_create_gift_cards.php", "Schema::create('gift_cards', function (Blueprint $table) {\n    $table->id();\n    $table->string('code')->unique();\n    $table->decimal('balance', 8, 2);\n    $table->timestamps();\n});")
        s.user(
            "Nee, bei uns sind Geldbeträge immer Integer in Cent, nie decimal oder float – so ist das überall im Shop (`price`, `shipping_cost`, alles). "
            "Und Spalten mit Geld enden auf `_cents`? Hmm, nein, eigentlich nicht, das haben wir nie gemacht. Nur Integer in Cent."
        )
        s.edit("database/migrations/2026_10_22_create_gift_cards.php", "    $table->decimal('balance', 8, 2);", "    $table->unsignedInteger('balance'); // cents, like every amount in the shop")
        s.say("Geändert: `balance` ist jetzt `unsignedInteger` in Cent. Eine Frage noch: Soll ein Gutschein ablaufen? Rechtlich gilt in Deutschland die regelmäßige Verjährung von drei Jahren; man kann `expires_at` speichern oder das Ablaufdatum aus `created_at` berechnen.")
        s.user("Speichern wir `expires_at`, dann können wir Aktionsgutscheine mit kürzerer Laufzeit machen. Berechnen ist zu unflexibel.")
        s.edit("database/migrations/2026_10_22_create_gift_cards.php", "    $table->timestamps();", "    $table->timestamp('expires_at');\n    $table->timestamps();")
        s.write("app/Models/GiftCard.php", "<?php\n\nnamespace App\\Models;\n\nclass GiftCard extends Model\n{\n    protected $fillable = ['code', 'balance', 'expires_at'];\n    protected $casts = ['balance' => 'integer', 'expires_at' => 'datetime'];\n\n    public function isUsable(): bool\n    {\n        return $this->balance > 0 && $this->expires_at->isFuture();\n    }\n}")
        s.bash("php artisan migrate && ./vendor/bin/pest --filter=GiftCard", "   INFO  Running migrations.\n  2026_10_22_create_gift_cards .......... 12ms DONE\n\n  Tests:    3 passed (4 assertions)")
        s.say("Migration und `GiftCard`-Model sind da: `balance` in Cent (Integer), `expires_at` gespeichert, damit Aktionsgutscheine eine eigene Laufzeit haben können. Migration gelaufen, Tests grün.")

    @session("m46-fr-long-eks-upgrade", "skyforge", "2026-10-26T08:30:00", ["decision", "session_summary"], ("runbook", "tech_debt"))
    def _(s):
        s.user(
            "Bonjour ! Aujourd'hui on passe le cluster de staging d'EKS 1.29 à 1.30. Le support standard de la 1.29 se termine bientôt. "
            "On commence par vérifier les APIs dépréciées et les add-ons, puis on upgrade le control plane, puis les nœuds. Prod ce sera la semaine prochaine."
        )
        s.work([
            ("bash", "kubectl --context staging version -o json | jq -r '.serverVersion.gitVersion'", "v1.29.9-eks-a18cd3a"),
            ("bash", "pluto detect-helm --context staging -o wide --target-versions k8s=v1.30.0", "NAME          NAMESPACE   KIND                VERSION               REPLACEMENT       REMOVED\ngrafana-agent monitoring  PodSecurityPolicy   policy/v1beta1        -                 true"),
            ("bash", "helm --kube-context staging list -n monitoring", "NAME            CHART                 APP VERSION\ngrafana-agent   grafana-agent-0.19.0  v0.33.1"),
            ("bash", "aws eks describe-addon-versions --kubernetes-version 1.30 --addon-name vpc-cni --query 'addons[0].addonVersions[0].addonVersion' --output text", "v1.18.5-eksbuild.1"),
            ("read", "modules/eks-addons/main.tf", 'resource "aws_eks_addon" "vpc_cni" {\n  addon_name    = "vpc-cni"\n  addon_version = "v1.16.0-eksbuild.1"\n}\nresource "aws_eks_addon" "coredns" {\n  addon_version = "v1.11.1-eksbuild.4"\n}\nresource "aws_eks_addon" "kube_proxy" {\n  addon_version = "v1.29.0-eksbuild.1"\n}'),
        ])
        s.say(
            "État des lieux :\n- `grafana-agent` (chart 0.19) utilise encore une PodSecurityPolicy `policy/v1beta1`, supprimée depuis la 1.25 : elle est déjà ignorée, mais le chart la déclare ; "
            "la version 0.42 du chart ne l'a plus.\n- Add-ons à monter : vpc-cni 1.16 -> 1.18.5, coredns -> 1.11.3, kube-proxy -> 1.30.\n\n"
            "Pour grafana-agent, deux options : mettre à jour le chart (0.19 -> 0.42, gros saut de config), ou migrer vers Grafana Alloy, son successeur, qu'il faudra faire de toute façon."
        )
        s.user("On met juste à jour le chart en 0.42 pour l'instant. Alloy c'est un projet en soi, pas pendant un upgrade de cluster.")
        s.work([
            ("edit", "live/staging/monitoring/grafana-agent.yaml", "  version: 0.19.0", "  version: 0.42.0"),
            ("bash", "helm --kube-context staging upgrade grafana-agent grafana/grafana-agent -n monitoring --version 0.42.0 -f live/staging/monitoring/grafana-agent.yaml", "Error: UPGRADE FAILED: values don't meet the specifications of the schema(s): agent.mode is required", None, True),
            ("edit", "live/staging/monitoring/grafana-agent.yaml", "agent:\n", "agent:\n  mode: flow\n"),
            ("bash", "helm --kube-context staging upgrade grafana-agent grafana/grafana-agent -n monitoring --version 0.42.0 -f live/staging/monitoring/grafana-agent.yaml | tail -2", "STATUS: deployed\nREVISION: 14"),
            ("bash", "kubectl --context staging -n monitoring rollout status ds/grafana-agent --timeout=180s", "daemon set \"grafana-agent\" successfully rolled out"),
            ("edit", "modules/eks-addons/main.tf", 'addon_version = "v1.16.0-eksbuild.1"', 'addon_version = "v1.18.5-eksbuild.1"'),
            ("edit", "modules/eks-addons/main.tf", 'addon_version = "v1.11.1-eksbuild.4"', 'addon_version = "v1.11.3-eksbuild.1"'),
            ("edit", "live/staging/eks/terragrunt.hcl", 'cluster_version = "1.29"', 'cluster_version = "1.30"'),
            ("bash", "cd live/staging/eks && terragrunt apply -auto-approve -no-color | tail -2", "aws_eks_cluster.this: Modifications complete after 9m41s\nApply complete! Resources: 0 added, 1 changed, 0 destroyed."),
            ("edit", "modules/eks-addons/main.tf", 'addon_version = "v1.29.0-eksbuild.1"', 'addon_version = "v1.30.3-eksbuild.2"'),
            ("bash", "cd live/staging/eks-addons && terragrunt apply -auto-approve -no-color | tail -1", "Apply complete! Resources: 0 added, 3 changed, 0 destroyed."),
        ])
        s.say("Control plane en 1.30, add-ons à jour, grafana-agent en 0.42 (il fallait ajouter `agent.mode: flow`). Il reste les nœuds : le node group managé est encore en 1.29.")
        s.user("Vas-y pour les nœuds.")
        s.work([
            ("bash", "cd live/staging/eks && terragrunt apply -auto-approve -no-color -var node_group_version=1.30 | tail -1", "Apply complete! Resources: 0 added, 2 changed, 0 destroyed."),
            ("bash", "kubectl --context staging get nodes -o custom-columns=NAME:.metadata.name,VERSION:.status.nodeInfo.kubeletVersion", "NAME                                          VERSION\nip-10-20-1-14.eu-central-1.compute.internal   v1.30.4-eks-a737599\nip-10-20-2-88.eu-central-1.compute.internal   v1.30.4-eks-a737599\nip-10-20-3-51.eu-central-1.compute.internal   v1.30.4-eks-a737599"),
            ("bash", "kubectl --context staging get pods -A --field-selector=status.phase!=Running,status.phase!=Succeeded", "No resources found"),
            ("bash", "curl -s -o /dev/null -w '%{http_code}' https://staging.skyforge.io/healthz", "200"),
            ("bash", "git add -A && git commit -qm 'staging: EKS 1.30, add-ons, grafana-agent chart 0.42' && git log --oneline -1", "77b1a9c staging: EKS 1.30, add-ons, grafana-agent chart 0.42"),
        ])
        s.say("Nœuds en 1.30.4, aucun pod en erreur, le healthcheck de staging répond 200. Commit 77b1a9c.")
        s.user("Top. Tu me fais un récap pour le ticket de prod ?")
        s.say(
            "**Récap : upgrade EKS 1.29 -> 1.30 (staging)**\n\n"
            "Fait (commit 77b1a9c) :\n1. Vérification des APIs : seul `grafana-agent` (chart 0.19) déclarait une PSP `policy/v1beta1`. Choix : mettre à jour le chart en 0.42 (ajouter `agent.mode: flow`), la migration vers Alloy est repoussée à un projet séparé.\n"
            "2. Add-ons : vpc-cni 1.18.5, coredns 1.11.3, kube-proxy 1.30.3.\n3. Control plane 1.30 (≈10 min), puis node group managé 1.30 (rolling).\n"
            "4. Contrôles : nœuds en v1.30.4, aucun pod en erreur, `/healthz` 200.\n\n"
            "Pour prod la semaine prochaine : même ordre (grafana-agent, add-ons, control plane, nœuds) ; prévoir `agent.mode: flow` dans `live/prod/monitoring/grafana-agent.yaml`. "
            "Le control plane de prod a 3 node groups, compter environ 40 min pour les nœuds."
        )

    @session("m47-zh-runbook-preference-airflow-3am", "dunehold", "2026-10-28T09:30:00", ["runbook", "preference"])
    def _(s):
        s.user("每天凌晨 3 点 bi_export 的 Slack 通知都是失败然后重试成功。帮我查一下原因。")
        s.bash("databricks jobs list-runs --job-id 5530 --limit 5 | jq -r '.runs[] | .tasks[] | select(.task_key==\"bi_export\") | \"\\(.attempt_number) \\(.state.state_message)\"'", "0 java.io.IOException: S3 403 Forbidden (AssumeRole: token expired) on s3://dunehold-bi-eu/weekly\n1 \n0 java.io.IOException: S3 403 Forbidden (AssumeRole: token expired) on s3://dunehold-bi-eu/weekly\n1 ")
        s.bash("aws iam get-role --role-name dunehold-bi-writer --query 'Role.MaxSessionDuration'", "3600")
        s.say("原因找到了：bi_export 用的是 `dunehold-bi-writer` 角色的临时凭证，最长 1 小时（3600 秒）。凭证在 02:00 任务开始时就获取了，到 03:00 左右 bi_export 开始写的时候已经过期，所以第一次 403，重试时重新获取凭证才成功。")
        s.edit("resources/nightly.yml", "        - task_key: bi_export", "        - task_key: bi_export\n          # own job cluster: credentials are fetched when this task starts, not at 02:00 (role session max 1 h)\n          job_cluster_key: export")
        s.bash("databricks bundle deploy -t prod && databricks bundle run -t prod nightly --only bi_export | tail -1", "Deployment complete!\n2026-10-28 10:02:44 \"dunehold-nightly\" TERMINATED SUCCESS")
        s.say("已修复：bi_export 改为在自己的集群上启动，凭证在任务开始时才获取。单独跑了一次 bi_export，一次就成功了。")
        s.user("好。把排查过程写进 docs/runbooks 里。用中文写就行，但文件名和标题用英文，我们 runbooks 目录都是这样的。")
        s.write("docs/runbooks/bi-export-403.md", "# bi_export fails with S3 403 at ~03:00\n\n**现象**：每晚 bi_export 第一次尝试失败（`S3 403 Forbidden (AssumeRole: token expired)`），重试成功。\n\n"
                "**原因**：`dunehold-bi-writer` 角色会话最长 1 小时；凭证在 02:00 任务开始时获取，bi_export 在 03:00 左右才写 S3，已过期。\n\n"
                "**检查**：`databricks jobs list-runs --job-id 5530` 查看 bi_export 的 `state_message`；`aws iam get-role --role-name dunehold-bi-writer` 查看 `MaxSessionDuration`。\n\n"
                "**修复**（2026-10-28）：bi_export 使用自己的集群，任务开始时才获取凭证。如果再出现，确认这个设置没有被改回。\n")
        s.say("已写好 `docs/runbooks/bi-export-403.md`：英文文件名和标题，正文中文（现象、原因、检查、修复）。以后 runbooks 我都按这个格式写。")

    @session("m48-ja-constraint-techdebt-switch-save-size", "marrowlight", "2026-10-30T10:00:00", ["constraint", "tech_debt"], ("decision",))
    def _(s):
        s.user("Switch版でセーブに失敗するバグ報告が来てる。ログ見てくれる？")
        s.bash("cat ~/shared/qa/switch_save_fail.log | tail -4", "[Save] writing save0 (gzip) 1.21 MB\n[nn::fs] ResultUsableSpaceNotEnough\n[Save] commit failed, keeping previous save\n[Save] journal size: 1.00 MB")
        s.say("セーブデータのジャーナル領域（1 MB）に対して、圧縮後のセーブが 1.21 MB あるので書き込めていません。Switchではセーブデータのサイズとジャーナルサイズはアプリケーション管理データで決めた値を超えられません。")
        s.user(
            "そう、ジャーナルは1MBで申請済みだから、今から増やすと再申請になってリリースに間に合わない。"
            "つまりセーブは圧縮後1MB以内に収めないといけない。とりあえず何が大きいか見て"
        )
        s.bash("Unity -batchmode -quit -projectPath . -executeMethod Marrow.Tools.SaveReport.Sizes -logFile - | tail -5", "[SaveReport] (gzip) total 1.21 MB\n  explored_tiles   0.78 MB\n  inventory        0.09 MB\n  run_history      0.31 MB\n  settings         0.01 MB")
        s.edit("Assets/Scripts/Save/SaveSystem.cs", "    state.runHistory = history.All;", "    // Switch: journal is 1 MB (fixed in the application data), the gzip'd save must stay under it\n    state.runHistory = history.Last(20);")
        s.bash("Unity -batchmode -quit -projectPath . -executeMethod Marrow.Tools.SaveReport.Sizes -logFile - | head -1", "[SaveReport] (gzip) total 0.93 MB")
        s.say("ラン履歴を直近20件に絞って、圧縮後 0.93 MB になりました。ただし `explored_tiles` が 0.78 MB あり、プレイ時間が長いとまた 1 MB に近づきます。探索済みタイルをビットセットにすれば 1/10 以下になるはずです。")
        s.user("ビットセット化はリリース後にやろう。今はこれで出す。忘れないようにどこかに書いといて")
        s.edit("docs/TODO.md", "## After release\n", "## After release\n\n- explored_tiles をビットセットに（今は圧縮後 0.78 MB、Switch のジャーナル 1 MB の上限に近い。ラン履歴は暫定で直近20件に制限中）\n")
        s.say("`docs/TODO.md` の「After release」に追記しました：explored_tiles のビットセット化と、その理由（1 MB の上限）、ラン履歴を暫定で20件に制限していること。")
