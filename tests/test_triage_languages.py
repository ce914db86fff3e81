"""Triage that generalises: each category stated in eight languages, the phrasings issue 13 names, two
categories in one session, chit-chat in every language, and patterns that cannot backtrack badly.

The sentences are written for these tests (how developers commonly say these things), not taken from
any evaluation transcript.
"""

from __future__ import annotations

from re import _constants as sre_c, _parser as sre_p

import pytest

from claude_memory.triage import scoring
from claude_memory.triage.transcript import TOOL_USE, USER_TEXT, Event
from triage_helpers import A, R, U, fired

CASES = {
    "decision": {
        "es": [U("¿Usamos Kafka o Redis para la cola?"), A("Opciones: Kafka o Redis Streams."),
               U("Nos quedamos con Redis Streams, descartamos Kafka porque no tenemos quien lo opere.")],
        "de": [U("Kafka oder Redis für die Queue?"), A("Optionen: Kafka, Redis Streams."),
               U("Wir haben uns für Redis Streams entschieden, Kafka ist verworfen, weil niemand es betreiben kann.")],
        "fr": [U("Kafka ou Redis pour la file ?"), A("Options : Kafka ou Redis Streams."),
               U("On part sur Redis Streams plutôt que Kafka, car personne ne peut l'opérer.")],
        "pt": [U("Kafka ou Redis para a fila?"), A("Opções: Kafka ou Redis Streams."),
               U("Decidimos usar Redis Streams em vez de Kafka, porque ninguém sabe operar Kafka.")],
        "ja": [U("ジョブキューは Kafka と Redis Streams のどちらにしますか？"), A("選択肢: Kafka、Redis Streams。"),
               U("Redis Streams にします。Kafka ではなく、運用できる人がいないので。")],
        "zh": [U("任务队列用 Kafka 还是 Redis Streams？"), A("方案：Kafka 或 Redis Streams。"),
               U("决定用 Redis Streams，而不是 Kafka，因为没人能运维 Kafka。")],
        "ko": [U("작업 큐는 Kafka와 Redis Streams 중 뭐로 할까요?"), A("선택지: Kafka, Redis Streams."),
               U("Redis Streams로 하겠습니다. Kafka 대신, 운영할 사람이 없기 때문에.")],
    },
    "constraint": {
        "es": [U("Ojo: no podemos usar más de 512 MB de memoria en la función, es un límite del proveedor."),
               A("Entendido, procesaré por partes.")],
        "de": [U("Wichtig: Die Funktion darf nicht mehr als 512 MB Speicher verwenden, das ist eine harte Obergrenze."),
               A("Verstanden, ich streame die Bilder.")],
        "fr": [U("Attention : la fonction ne peut pas dépasser 512 Mo de mémoire, c'est une limite du fournisseur."),
               A("Compris, je traite par morceaux.")],
        "pt": [U("Atenção: a função não pode passar de 512 MB de memória, é um limite do provedor."),
               A("Entendido, vou processar em partes.")],
        "ja": [U("注意：この関数はメモリを512MB以上使えません。上限はプロバイダーの制限です。"), A("承知しました。分割して処理します。")],
        "zh": [U("注意：这个函数内存不能超过 512MB，这是平台的硬性上限。"), A("明白，我会分块处理。")],
        "ko": [U("참고로 이 함수는 메모리를 512MB 넘을 수 없습니다. 플랫폼 제한이에요."), A("알겠습니다. 나눠서 처리하겠습니다.")],
    },
    "runbook": {
        "es": [U("el worker falla al arrancar con un KeyError"),
               A("La causa era una variable de entorno que faltaba. Lo arreglé añadiéndola al compose; ya funciona "
                 "y el health check pasa.")],
        "de": [U("der Worker stürzt beim Start mit einem KeyError ab"),
               A("Die Ursache war eine fehlende Umgebungsvariable. Behoben, indem ich sie in die Compose-Datei "
                 "eingetragen habe; der Worker läuft wieder und der Healthcheck ist grün.")],
        "fr": [U("le worker plante au démarrage avec une KeyError"),
               A("La cause : une variable d'environnement manquante. Corrigé en l'ajoutant au compose ; ça marche "
                 "et le health check est vert.")],
        "pt": [U("o worker trava ao iniciar com um KeyError"),
               A("A causa era uma variável de ambiente faltando. Corrigi adicionando no compose; agora funciona e o "
                 "health check passou.")],
        "ja": [U("ワーカーが起動時に KeyError で落ちます"),
               A("原因は環境変数の設定漏れでした。compose に追加して修正しました。起動して、ヘルスチェックも通りました。")],
        "zh": [U("worker 启动时报错 KeyError"), A("原因是容器里缺少一个环境变量。已修复：在 compose 里加上了，现在 worker "
                                                "正常了，健康检查通过了。")],
        "ko": [U("워커가 시작할 때 KeyError로 실패합니다"),
               A("원인은 컨테이너에 환경 변수가 빠진 것이었습니다. compose에 추가해서 수정했습니다. 이제 정상 동작하고 "
                 "헬스 체크도 통과합니다.")],
    },
    "tech_debt": {
        "es": [U("La lógica de reintentos es un desastre, pero lo dejamos para después; es deuda técnica. No hay "
                 "tiempo antes del release."), A("Entendido.")],
        "de": [U("Die Retry-Logik ist chaotisch, aber das verschieben wir auf später; das ist technische Schuld. "
                 "Keine Zeit vor dem Release."), A("Alles klar.")],
        "fr": [U("La logique de retry est bancale, mais on reporte ça à plus tard ; c'est de la dette technique. "
                 "Pas le temps avant la release."), A("Compris.")],
        "pt": [U("A lógica de retry está bagunçada, mas vamos deixar para depois; é dívida técnica. Não dá tempo "
                 "antes do release."), A("Entendido.")],
        "ja": [U("リトライ処理は汚いですが、今回は後回しにします。技術的負債として別チケットで対応しましょう。"
                 "リリース前で時間がないので。"), A("承知しました。")],
        "zh": [U("重试逻辑很乱，但先放着，以后再重构，这是技术债。发版前没时间了。"), A("好的。")],
        "ko": [U("재시도 로직이 엉망이지만 나중에 정리합시다. 기술 부채로 남겨 두고, 릴리스 전이라 시간이 없어요."), A("알겠습니다.")],
    },
    "preference": {
        "es": [U("A partir de ahora, en este repo usa siempre exportaciones con nombre; nunca exportaciones por "
                 "defecto."), A("Entendido, lo aplicaré en todos los módulos.")],
        "de": [U("Ab jetzt bitte immer benannte Exporte in diesem Repo verwenden, niemals Default-Exporte."),
               A("Verstanden, das mache ich bei jedem neuen Modul so.")],
        "fr": [U("Désormais, utilise toujours des exports nommés dans ce repo, jamais d'export par défaut."),
               A("C'est noté, je le ferai pour chaque module.")],
        "pt": [U("Daqui pra frente, neste repo use sempre exports nomeados, nunca export default."),
               A("Entendido, vou seguir isso em todos os módulos.")],
        "ja": [U("今後は、このリポジトリでは常に名前付きエクスポートを使ってください。デフォルトエクスポートは使わないでください。"),
               A("承知しました。すべてのモジュールでそうします。")],
        "zh": [U("以后都用具名导出，这个仓库里不要用默认导出，这是我们的约定。"), A("明白，所有模块都会这样写。")],
        "ko": [U("앞으로는 이 저장소에서 항상 named export를 쓰고, default export는 쓰지 마세요."),
               A("알겠습니다. 모든 모듈에서 그렇게 하겠습니다.")],
    },
}
_CASES = [(c, lang, ev) for c, langs in CASES.items() for lang, ev in langs.items()]


@pytest.mark.parametrize("category,lang,events", _CASES, ids=[f"{c}-{lang}" for c, lang, _ in _CASES])
def test_each_category_in_each_language_fires_alone(category, lang, events):
    assert fired(events) == {category}


@pytest.mark.parametrize("category,events", [
    ("constraint", [U("Heads up: the lambda can't use more than 512MB of memory."), A("Understood.")]),
    ("constraint", [U("The nightly export must stay under 2 GB or the upload is dropped."), A("OK, I'll gzip it.")]),
    ("constraint", [U("We're not allowed to store card numbers anywhere; that's a hard rule."), A("Got it.")]),
    ("decision", [A("Options: Kafka, Redis streams, SQS."),
                  U("Agreed: Redis streams, not Kafka, because we can't operate a Kafka cluster.")]),
    ("decision", [A("Options:\n- **Room**: first-party.\n- **Realm**: uncertain."),
                  U("Room it is. Realm's future is too uncertain.")]),
    ("decision", [U("I switched to ruff because flake8 plus isort was too slow on CI."), A("Configured ruff.")]),
    ("tech_debt", [U("That's debt: the old endpoint can't be removed yet, remove it once the v2 clients ship."),
                   A("Added a note next to it.")]),
    ("preference", [U("This is the convention from now on: every handler returns a typed result."),
                    A("Understood, new handlers will follow the same convention.")]),
], ids=["cant-use-more-than", "must-stay-under", "not-allowed", "agreed-not-because", "x-it-is",
        "i-switched-because", "thats-debt", "convention-from-now-on"])
def test_phrasings_the_seed_missed(category, events):
    assert category in fired(events)


def test_a_session_with_two_categories_reports_both():
    events = [U("Postgres or DynamoDB for the orders table?"), A("Options: Postgres, DynamoDB."),
              U("We'll go with Postgres instead of DynamoDB because we need joins. Also: the RDS instance can't "
                "use more than 4 GB of RAM, it's a hard cap from finance."),
              A("Decision: Postgres; DynamoDB rejected. Constraint: the instance stays under 4 GB of RAM.")]
    assert fired(events) == {"decision", "constraint"}


@pytest.mark.parametrize("events", [
    [U("¿Qué diferencia hay entre rebase y merge?"), A("Rebase reescribe la historia; merge crea un commit de unión.")],
    [U("Kannst du mir erklären, was dieser Cache macht?"), A("Er speichert die Antworten fünf Minuten lang.")],
    [U("Tu peux m'expliquer ce que fait ce module ?"), A("Il lit la configuration et démarre le serveur.")],
    [U("Bom dia! Como você está?"), A("Tudo bem! Em que posso ajudar hoje?")],
    [U("このファイルは何をしていますか？"), A("設定を読み込んで、サーバーを起動しています。")],
    [U("这个函数是做什么的？"), A("它读取配置然后启动服务器。")],
    [U("안녕하세요! 오늘 날씨 좋네요."), A("안녕하세요! 무엇을 도와드릴까요?")],
    [U("Ok, and what does the retry helper do?"), A("It retries three times with a fixed delay; the fixed list "
                                                     "of codes is in config.")],
], ids=["es", "de", "fr", "pt", "ja", "zh", "ko", "en-fixed-adjective"])
def test_chit_chat_in_any_language_stays_silent(events):
    assert fired(events) == set()


def test_a_deferral_phrased_as_a_choice_is_only_a_deferral():
    events = [U("この修正は後回しにします。技術的負債として残します、時間がないので。"), A("承知しました。")]
    assert fired(events) == {"tech_debt"}


def test_a_planned_fix_is_not_a_fix():
    events = [U("the sync job fails with a timeout every night"),
              A("The planned fix is a backoff with jitter; tests pass for the parser change.")]
    assert "runbook" not in fired(events)


# ------------------------------------------------------------------ phrase tables and pattern safety

def _repeats(items):
    for op, av in items:
        if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT):
            yield av
            yield from _repeats(av[2])
        elif op is sre_c.SUBPATTERN:
            yield from _repeats(av[-1])
        elif op is sre_c.BRANCH:
            for branch in av[1]:
                yield from _repeats(branch)
        elif op in (sre_c.ASSERT, sre_c.ASSERT_NOT):
            yield from _repeats(av[1])


_PATTERNS = [(f"{c}.{n}", p) for c, classes in scoring._CUES.items() for n, _w, p in classes]


@pytest.mark.parametrize("name,pattern", _PATTERNS, ids=[n for n, _ in _PATTERNS])
def test_no_cue_can_backtrack_catastrophically(name, pattern):
    """No unbounded repeat holds another repeat, and a bounded repeat that holds an unbounded one repeats
    at most three times (the phrase gap): the time of a match stays linear in the text."""
    for _lo, hi, body in _repeats(list(sre_p.parse(pattern.source, pattern.flags))):
        inner = list(_repeats(body))
        assert not inner or (hi != sre_c.MAXREPEAT and (hi <= 3 or all(h != sre_c.MAXREPEAT for _l, h, _b in inner))), \
            name


def test_phrase_syntax():
    (spaced,) = scoring.phrase_cues(["can't * more than", "verschieb~"])
    assert spaced.gate == ("more", "verschieb")
    rx = spaced.compiled()
    assert rx.search("We can\u2019t really use more than 2 GB") and rx.search("cant exceed... no: cant go more than")
    assert rx.search("das verschieben wir") and not rx.search("unverschiebbar")
    assert not rx.search("can't use a lot more or less than")  # the gap is at most three words
    spaced, cjk = scoring.phrase_cues(["hard cap", "上限"])
    assert cjk.nonascii and not cjk.admits("hard cap", "hard cap", False) and cjk.admits("上限", "上限", False)


# ------------------------------------------------------------------ a second, freer batch of phrasings

OPT = A("Here are the options:\n- **A**: simple\n- **B**: fast\n- **C**: managed")
VARIETY = [
 ("decision","en",[A("Here are the options:\n- **SQLite**: simple\n- **Postgres**: fast\n- **DynamoDB**: managed"),U("Postgres. SQLite is too slow for our traffic and DynamoDB locks us in. Implement it.")]),
 ("decision","en",[OPT,U("ok let's do B, A won't scale and C costs too much"),A("Implemented B.")]),
 ("decision","en",[U("We'll standardize on pnpm going forward; yarn is out because of the PnP issues."),A("Switched the repo to pnpm.")]),
 ("decision","es",[OPT,U("Vamos con B: A es demasiado lento y C nos ata al proveedor."),A("Implementado B.")]),
 ("decision","de",[OPT,U("Nehmen wir B. A ist zu langsam und C bindet uns an den Anbieter."),A("B ist umgesetzt.")]),
 ("decision","fr",[OPT,U("Va pour B : A est trop lent et C nous enferme chez le fournisseur."),A("B est en place.")]),
 ("decision","pt",[OPT,U("Vamos de B, porque A é lento demais e C nos prende ao fornecedor."),A("B implementado.")]),
 ("decision","ja",[OPT,U("B でいきましょう。A は遅すぎるし、C はベンダーロックインになるので。"),A("B を実装しました。")]),
 ("decision","zh",[OPT,U("就用 B 吧，A 太慢，C 会被厂商锁定。"),A("已经实现 B。")]),
 ("decision","ko",[OPT,U("B로 갑시다. A는 너무 느리고 C는 벤더 종속이 생기니까요."),A("B를 구현했습니다.")]),
 ("constraint","en",[U("Note that the staging cluster only has 2 vCPUs and we can't get more until Q3."),A("OK, I'll keep the job single-threaded.")]),
 ("constraint","en",[U("Legal says we must keep EU user data in eu-west-1; it can never leave the region."),A("Understood.")]),
 ("constraint","es",[U("Importante: la API externa solo permite 100 peticiones por minuto, no se puede subir."),A("Entendido, añado un limitador.")]),
 ("constraint","de",[U("Achtung: die externe API erlaubt höchstens 100 Anfragen pro Minute, das lässt sich nicht erhöhen."),A("Verstanden, ich baue einen Limiter ein.")]),
 ("constraint","fr",[U("Attention : l'API externe n'autorise que 100 requêtes par minute, impossible d'augmenter."),A("Compris, j'ajoute un limiteur.")]),
 ("constraint","pt",[U("Importante: a API externa só permite 100 requisições por minuto, não dá para aumentar."),A("Entendido, vou adicionar um limitador.")]),
 ("constraint","ja",[U("外部APIは1分あたり100リクエストまでしか許可されていません。引き上げはできません。"),A("承知しました。レートリミッターを入れます。")]),
 ("constraint","zh",[U("外部 API 每分钟最多 100 次请求，而且不能提高。"),A("明白，我加一个限流器。")]),
 ("constraint","ko",[U("외부 API는 분당 최대 100건까지만 허용됩니다. 늘릴 수 없어요."),A("알겠습니다. 레이트 리미터를 추가하겠습니다.")]),
 ("runbook","en",[U("deploys hang at 'waiting for rollout'"),A("Root cause: the readiness probe pointed at /health which needs the DB. Pointed it at /live instead; rollout completes in 40s now.")]),
 ("runbook","es",[U("el deploy se queda colgado esperando el rollout"),A("El problema era que la sonda de readiness apuntaba a /health, que necesita la base de datos. La cambié a /live y ahora el rollout termina en 40 s.")]),
 ("runbook","de",[U("das Deployment hängt bei 'waiting for rollout'"),A("Das Problem war, dass die Readiness-Probe auf /health zeigte, das die DB braucht. Ich habe sie auf /live umgestellt; jetzt läuft der Rollout in 40 s durch.")]),
 ("runbook","fr",[U("le déploiement reste bloqué sur 'waiting for rollout'"),A("Le problème venait de la sonde readiness qui pointait sur /health, qui dépend de la base. Je l'ai changée pour /live ; le rollout passe maintenant en 40 s.")]),
 ("runbook","pt",[U("o deploy fica travado em 'waiting for rollout'"),A("O problema era a readiness probe apontando para /health, que depende do banco. Troquei para /live e agora o rollout termina em 40 s.")]),
 ("runbook","ja",[U("デプロイが 'waiting for rollout' で止まります"),A("原因は readiness probe が DB に依存する /health を見ていたことでした。/live に変更したところ、ロールアウトが40秒で完了するようになりました。")]),
 ("runbook","zh",[U("部署一直卡在 'waiting for rollout'"),A("问题出在 readiness 探针指向了依赖数据库的 /health。改成 /live 之后，rollout 40 秒就完成了。")]),
 ("runbook","ko",[U("배포가 'waiting for rollout'에서 멈춥니다"),A("원인은 readiness 프로브가 DB가 필요한 /health를 보고 있었던 것입니다. /live로 바꿨더니 이제 롤아웃이 40초 만에 끝납니다.")]),
 ("tech_debt","en",[U("The N+1 in the orders page is real but we're shipping Friday. Let's punt it to next sprint and add a TODO."),A("Added a TODO referencing the follow-up.")]),
 ("tech_debt","es",[U("El N+1 de la página de pedidos es real, pero salimos el viernes. Lo dejamos para el próximo sprint."),A("Anotado como pendiente.")]),
 ("tech_debt","de",[U("Das N+1 auf der Bestellseite ist echt, aber wir releasen Freitag. Das machen wir im nächsten Sprint."),A("Als offener Punkt notiert.")]),
 ("tech_debt","fr",[U("Le N+1 sur la page des commandes est réel, mais on livre vendredi. On le traitera au prochain sprint."),A("Noté comme dette.")]),
 ("tech_debt","pt",[U("O N+1 da página de pedidos é real, mas a entrega é sexta. Vamos deixar para a próxima sprint."),A("Anotado como pendência.")]),
 ("tech_debt","ja",[U("注文ページの N+1 は問題ですが、金曜リリースなので次のスプリントに回しましょう。"),A("TODO として残しました。")]),
 ("tech_debt","zh",[U("订单页的 N+1 问题确实存在，但周五要发版，留到下个迭代再处理。"),A("已记录为待办。")]),
 ("tech_debt","ko",[U("주문 페이지 N+1 문제는 맞는데, 금요일 배포라서 다음 스프린트로 미룹시다."),A("TODO로 남겨 두었습니다.")]),
 ("preference","en",[U("Quick style thing: I like early returns over nested ifs. Please write code that way here."),A("Will do - early returns from now on.")]),
 ("preference","es",[U("Una cosa de estilo: prefiero returns tempranos en vez de ifs anidados. Escribe así en este proyecto."),A("Entendido, usaré returns tempranos.")]),
 ("preference","de",[U("Stilfrage: Ich mag frühe Returns lieber als verschachtelte Ifs. Schreib den Code hier bitte immer so."),A("Alles klar, ab jetzt frühe Returns.")]),
 ("preference","fr",[U("Question de style : je préfère les retours anticipés aux if imbriqués. Écris le code comme ça ici."),A("Entendu, retours anticipés désormais.")]),
 ("preference","pt",[U("Questão de estilo: prefiro early return a ifs aninhados. Escreva assim neste projeto."),A("Combinado, vou usar early return.")]),
 ("preference","ja",[U("スタイルの好みですが、ネストした if より早期リターンを使ってください。このプロジェクトでは常にそうしてください。"),A("承知しました。今後は早期リターンで書きます。")]),
 ("preference","zh",[U("代码风格上，我更喜欢提前返回，不要嵌套 if。这个项目里都这样写。"),A("好的，以后都用提前返回。")]),
 ("preference","ko",[U("스타일 관련해서, 중첩 if보다 early return을 선호합니다. 이 프로젝트에서는 항상 그렇게 써 주세요."),A("알겠습니다. 앞으로 early return으로 작성하겠습니다.")]),
]
QUIET = [
 ("en",[OPT,U("Hmm, let me think about it and get back to you. Don't change anything yet.")]),
 ("es",[OPT,U("Déjame pensarlo, todavía no cambies nada.")]),
 ("de",[U("Welche Version von Node nutzen wir?"),A("Node 20, laut .nvmrc.")]),
 ("fr",[U("Salut ! Tu peux lancer les tests ?"),A("Les 120 tests passent.")]),
 ("pt",[U("Pode renomear a variável x para total?"),A("Feito, renomeei em 3 lugares.")]),
 ("ja",[U("テストを実行してもらえますか？"),A("120件のテストがすべて通りました。")]),
 ("zh",[U("帮我把变量 x 改名为 total"),A("已改名，共 3 处。")]),
 ("ko",[U("테스트 돌려 줄 수 있어요?"),A("120개 테스트가 모두 통과했습니다.")]),
 ("ko2",[U("이 함수가 뭐 하는 건지 설명해 줄래요?"),A("설정을 읽고 서버를 시작합니다. 에러가 나면 로그를 남깁니다.")]),
]


@pytest.mark.parametrize("category,lang,events", VARIETY, ids=[f"{c}-{lang}-{i}" for i, (c, lang, _) in enumerate(VARIETY)])
def test_freer_phrasings_fire_their_category_alone(category, lang, events):
    assert fired(events) == {category}


# ------------------------------------------------------------------ look-alikes in several languages

OPTS = A("Options:\n- **Redis sorted sets**: fast, but memory-bound because every score lives in RAM.\n- **Postgres with an index**: simpler, slower at the top-N query.\n- **A streaming job**: most scalable, most work.\nTrade-offs: Redis is cheaper to query but costs more memory; Postgres is what we already run.")
LOOK_ALIKES = [
 ("tradeoffs-en", [U("What are our options for the leaderboard? Just lay out the trade-offs."), OPTS, U("Thanks. I need to talk to the team first; don't change anything yet.")]),
 ("tradeoffs-es", [U("¿Qué opciones tenemos para el ranking? Solo explícame los pros y contras."), A("Opciones: Redis (rápido, pero limitado por la memoria), Postgres (más simple), o un job de streaming. Redis es más barato de consultar porque todo está en RAM."), U("Gracias, lo hablo con el equipo primero. No cambies nada todavía.")]),
 ("tradeoffs-de", [U("Welche Optionen haben wir für die Rangliste? Nur die Vor- und Nachteile bitte."), A("Optionen: Redis (schnell, aber speicherbegrenzt), Postgres (einfacher), oder ein Streaming-Job. Redis ist günstiger abzufragen, weil alles im RAM liegt."), U("Danke, ich bespreche das erst mit dem Team. Bitte noch nichts ändern.")]),
 ("tradeoffs-ja", [U("ランキングの選択肢を比較してください。まだ何も変更しないでください。"), A("選択肢: Redis（速いがメモリに制限がある）、Postgres（シンプル）、ストリーミング処理。Redis はすべて RAM にあるので問い合わせが安いです。"), U("ありがとう。チームと相談してから決めます。")]),
 ("tradeoffs-ko", [U("리더보드 선택지 비교해 주세요. 아직 아무것도 바꾸지 마세요."), A("선택지: Redis (빠르지만 메모리 제한), Postgres (간단함), 스트리밍 작업. Redis는 모두 RAM에 있어서 조회가 저렴합니다."), U("고마워요. 팀이랑 얘기해 보고 결정할게요.")]),
 ("question-ratelimit-en", [U("How does the GitHub API rate limit work?"), A("Authenticated requests are limited to 5,000 per hour; unauthenticated ones to 60 per hour. The limit resets every hour and the X-RateLimit-Remaining header tells you what's left.")]),
 ("question-ratelimit-es", [U("¿Cómo funciona el límite de la API de GitHub?"), A("Las peticiones autenticadas tienen un límite de 5.000 por hora; las anónimas, 60 por hora. El límite se reinicia cada hora.")]),
 ("question-ratelimit-fr", [U("Comment marche la limite de l'API GitHub ?"), A("Les requêtes authentifiées sont limitées à 5 000 par heure, les anonymes à 60 par heure. La limite se réinitialise chaque heure.")]),
 ("question-ratelimit-zh", [U("GitHub API 的限流是怎么算的？"), A("认证请求每小时最多 5000 次，匿名请求每小时 60 次，每小时重置。")]),
 ("outage-en", [U("CI is red again, lots of 502 errors from the package registry"), R("npm ERR! 502 Bad Gateway\n"*20), A("It's the registry: their status page shows an outage. Nothing to fix on our side."), U("their incident is over, CI is green now")]),
 ("outage-de", [U("Die CI ist wieder rot, viele 502-Fehler von der Registry"), A("Das liegt an der Registry: laut Statusseite haben sie einen Ausfall. Bei uns gibt es nichts zu beheben."), U("Der Ausfall ist vorbei, die CI ist wieder grün.")]),
 ("outage-pt", [U("O CI está vermelho de novo, muitos erros 502 do registry"), A("É o registry: a página de status mostra uma falha deles. Nada a corrigir do nosso lado."), U("o incidente acabou, o CI passou agora")]),
 ("explain-error-handling-en", [U("Why does this function catch every exception?"), A("Because the worker must never crash on a bad message: it logs the error and moves on. That's why you see a bare except here.")]),
 ("routine-edit-en", [U("bump the log level to debug in dev"), A("Done: LOG_LEVEL=debug in config/dev.exs.")]),
 ("routine-edit-fr", [U("passe le niveau de log à debug en dev"), A("C'est fait : LOG_LEVEL=debug dans config/dev.exs.")]),
 ("todo-tour-en", [U("Give me a tour of the firmware and list the TODOs you see."), A("The main loop reads sensors every 10 s. There are 7 TODO comments: 3 in the modem driver (retry later), 2 in power management, 2 in the OTA code.")]),
 ("todo-tour-es", [U("Dame un recorrido por el firmware y lista los TODO que veas."), A("El bucle principal lee sensores cada 10 s. Hay 7 comentarios TODO: 3 en el driver del módem (reintentar más tarde) y 4 en otros módulos.")]),
 ("memory-recall-en", [Event(USER_TEXT, "<memory-context>Decision: use Redis streams instead of Kafka because we can't run a cluster. Constraint: the API allows at most 100 requests per minute.</memory-context>", meta=True), U("add a consumer for the orders stream"), A("Added an orders consumer on the Redis stream.")]),
 ("chitchat-de", [U("Guten Morgen! Wie geht's?"), A("Guten Morgen! Gut, danke. Woran arbeiten wir heute?")]),
 ("chitchat-zh", [U("早上好！今天天气不错。"), A("早上好！今天想做什么？")]),
 ("chitchat-ja", [U("おはようございます！今日もよろしくお願いします。"), A("おはようございます！今日は何をしましょうか？")]),
]


@pytest.mark.parametrize("events", [e for _, e in QUIET + LOOK_ALIKES],
                         ids=[f"everyday-{n}" for n, _ in QUIET] + [f"look-alike-{n}" for n, _ in LOOK_ALIKES])
def test_everyday_exchanges_and_look_alikes_stay_silent(events):
    """Everyday exchanges, and trade-offs with no choice, someone else's rate limit explained, a vendor outage,
    a routine edit, a tour of TODOs, recalled memories, greetings: in English and other languages, nothing to save."""
    assert fired(events) == set()


def test_a_limit_found_while_working_is_a_constraint_but_one_explained_is_not():
    explained = [U("What's the max message size on SQS?"), A("SQS messages are limited to 256 KB; it can't be raised.")]
    found = [U("Why do big orders vanish from the queue?"), Event(TOOL_USE, "aws sqs send-message ...", tool="Bash"),
             A("SQS messages are limited to 256 KB and that can't be raised, so orders over it are dropped.")]
    assert "constraint" not in fired(explained) and "constraint" in fired(found)


@pytest.mark.parametrize("text", [
    "The PR was approved because the tests pass now.",
    "We keep getting 500s because the token expires after an hour.",
    "Let's do the migration first because the schema changed.",
    "我们用的是 Postgres，因为当时团队比较熟悉。",
    "O ticket está fechado porque o cliente confirmou.",
], ids=["approved", "we-keep", "lets-do-a-task", "zh-we-use", "pt-fechado"])
def test_everyday_verbs_are_not_choices(text):
    assert "decision" not in fired([U(text), A("OK.")])
