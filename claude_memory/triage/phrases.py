"""How people state decisions, fixes, limits, deferrals and conventions, in eight languages (data only).

Each table maps a cue class (see :mod:`claude_memory.triage.scoring`) to phrases in
English, Spanish, German, French, Portuguese, Japanese, Chinese and Korean, written
from general knowledge of how developers say these things (not from any evaluation
transcript). :func:`claude_memory.triage.scoring.phrase_cues` turns a list into two
lazily compiled patterns (spaced scripts, and CJK/Hangul) with literal gates derived
from the phrases themselves, so adding a phrase never needs a hand-written gate.

Phrase syntax (spaced scripts), kept tiny so every pattern stays linear:

- words are separated by single spaces and match any run of whitespace;
- ``'`` matches a straight or curly apostrophe, or none (``can't`` = ``cant``);
- a word ending in ``~`` matches any continuation of it (``verschieb~`` = ``verschieben``);
- a lone ``*`` is a gap of up to three words (``can't * more than``);
- a phrase is word-bounded where it starts or ends with a letter or digit.

CJK and Hangul phrases are plain literals matched anywhere (no word boundaries:
particles attach to the word before them).
"""

from __future__ import annotations

__all__ = ["PHRASES", "RATIONALE", "WRAP_UP", "RECAP_HEADINGS"]


def _product(firsts: tuple[str, ...], seconds: tuple[str, ...], thirds: tuple[str, ...] = ("",)) -> list[str]:
    return [" ".join(p for p in (a, b, c) if p) for a in firsts for b in seconds for c in thirds]


#: Why: shared by decision (rationale), tech_debt and preference (reason).
RATIONALE = [
    # en
    "because", "since we", "since it", "given that", "due to", "so that", "that way", "which avoids", "avoids the",
    "lets us", "saves us", "simpler to", "cheaper", "the upside", "the downside", "the trade-off", "the tradeoff",
    "won't scale", "doesn't scale", "lock-in", "locks us in", "too slow", "too expensive", "too complex",
    "i don't want", "we don't want", "no quiero", "ich will nicht", "je ne veux pas", "não quero",
    # es
    "porque", "ya que", "puesto que", "dado que", "debido a", "por eso", "así que", "para evitar", "más simple",
    "más barato", "más rápido", "demasiado", "muy caro", "muy lento",
    # de
    "weil", "da wir", "da es", "da die", "denn die", "denn wir", "deshalb", "deswegen", "darum", "aufgrund",
    "damit wir", "einfacher", "günstiger", "billiger", "zu langsam", "zu teuer", "zu aufwendig", "zu komplex",
    # fr
    "parce que", "parce qu'", "car on", "car le", "car la", "car il", "car nous", "puisque", "vu que",
    "étant donné", "c'est pourquoi", "pour éviter", "plus simple", "moins cher", "plus rapide",
    # pt
    "pois", "já que", "uma vez que", "por isso", "mais simples", "mais barato", "mais rápido", "demais",
    # ja
    "ので", "ため", "なぜなら", "理由は", "のが理由", "ほうが", "方が", "すぎる", "すぎます",
    # zh
    "因为", "由于", "所以", "因此", "为了", "更便宜", "更简单", "更稳定",
    # ko
    "때문에", "니까", "이라서", "므로", "이유는", "위해서", "너무 느리", "너무 비싸", "니까요", "더 빠르", "더 간단", "더 저렴", "더 안정",
]

_MODALS_NOT = ("can't", "cannot", "can not", "must not", "mustn't", "may not", "shouldn't", "should not",
               "are not allowed to", "aren't allowed to", "is not allowed to", "isn't allowed to", "not allowed to")
_STAY_MODALS = ("must", "has to", "have to", "needs to", "need to", "should", "got to")
_STAY_VERBS = ("stay", "remain", "be", "keep it", "fit")
_STAY_PREPS = ("under", "below", "within", "less than", "lower than")

PHRASES: dict[str, dict[str, list[str]]] = {
    "decision": {
        "choice": [
            # en
            "agreed", "agreed on", "we agreed", "let's use", "we'll use", "i'll use",
            "we're going with", "going with", "sticking with", "stick with", "we'll stick with", 
            "i switched", "we switched", "i've switched", "we've switched", "we moved to", "i moved to", "we migrated to",
            "the plan is to", "final call", "final answer", "final decision", "the winner is", "let's go for",
            "we'll go for", "go for it with", "locked in", "decision:", "chosen:", "choice:",
            "we settled", "makes sense, let's", "i chose", "we chose", "i picked", "we picked", "i'll go with",
            "we'll keep using", "keep using", "we stay with", "we'll stay with",
            # es
            "vamos con", "nos quedamos con", "me quedo con", "decidimos", "hemos decidido", "he decidido",
            "decidido", "elegimos", "elegí", "optamos por", "opté por", "usaremos", "vamos a usar", "la decisión",
            "queda decidido", "acordamos", "cambiamos a", "migramos a", "nos decantamos por",
            # de
            "wir nehmen", "nehmen wir", "wir verwenden", "verwenden wir", "wir bleiben bei", "bleiben wir bei",
            "entschieden", "entscheidung", "wir setzen auf", "setzen wir auf", "ich habe mich für",
            "wir haben uns für", "gewählt", "umgestellt auf", "festgelegt",
            "abgemacht", "machen wir so", "einverstanden",
            # fr
            "on part sur", "partons sur", "va pour", "on garde", "on choisit", "on retient", "on opte pour",
            "j'ai opté pour", "nous avons opté", "nous avons choisi", "on a choisi", "j'ai choisi", "on a décidé",
            "nous avons décidé", "j'ai décidé", "c'est décidé", "décision", "on est passé à", "adopté", "d'accord pour",
            # pt
            "vamos com", "vamos de", "ficamos com", "fico com", "decidimos", "decidi", "escolhemos", "escolhi",
            "optamos por", "optei por", "vamos usar", "usaremos", "a decisão",
            "mudamos para", "migramos para", "trocamos para",
            # ja
            "にします", "にしましょう", "にしよう", "に決めました", "に決めます", "に決定", "決定しました", "決定です",
            "で行きましょう", "でいきましょう", "で行きます", "でいきます", "を採用", "採用します", "採用しました",
            "で決まり", "決めました", "を選びました", "に移行します", "で合意",
            # zh
            "决定", "就用", "采用", "选定", "就定了", "定了吧", "定下来", "选择了", "改用", "就这么定",
            # ko
            "로 하겠습니다", "로 하죠", "로 합시다", "로 하자", "로 가겠습니다", "로 가죠", "로 갑시다", "로 가자",
            "결정했", "결정하겠", "로 결정", "으로 결정", "채택", "선택했", "하기로 했", "쓰기로 했",
            "사용하기로", "로 전환", "으로 전환", "로 확정", "으로 확정",
        ],
        "rejected": [
            # en
            "ditched", "dropped it", "decided against", "against using", "won't use", "no longer use",
            "passed on", "not going with", "not using", "too heavy for", "overkill", "is out", "are out", "that rules out",
            # es
            "en lugar de", "en vez de", "descartamos", "descartado", "descartada", "no usaremos", "lo descarto",
            # de
            "anstelle von", "verworfen", "dagegen entschieden", "abgelehnt", "verzichten auf", "kommt nicht in frage",
            "nicht in frage",
            # fr
            "plutôt que", "au lieu de", "écarté", "écartée", "rejeté", "rejetée", "abandonné", "on laisse tomber",
            "on oublie",
            # pt
            "em vez de", "ao invés de", "no lugar de", "descartamos", "descartado", "descartada", "abandonamos",
            "deixamos de lado",
            # ja
            "ではなく", "じゃなくて", "ではなくて", "は見送", "は使わない", "は却下", "は不採用", "をやめて", "は避け",
            "はやめ",
            # zh
            "而不是", "放弃", "不用", "弃用", "排除", "不选", "不采用", "否决",
            # ko
            "대신", "말고", "이 아니라", "가 아니라", "는 제외", "은 제외", "안 쓰", "쓰지 않", "포기", "기각",
        ],
        "options": [
            "opciones", "alternativas", "o bien", "optionen", "alternativen", "variante", "ou bien", "opções",
            "選択肢", "候補", "それとも", "比較", "选项", "方案", "对比", "还是", "선택지", "옵션", "방안", "비교",
            "아니면",
        ],
    },
    "runbook": {
        "symptom": [
            # a crash or a reset, in words
            "reboots", "rebooting", "keeps rebooting", "resets", "crash loop", "crashes", "stack overflow",
            "every read fails", "fails until", "se reinicia", "reinicia", "startet neu", "stürzt ab", "redémarre",
            "plante", "reinicia sozinho", "再起動", "落ちる", "重启", "崩溃", "재부팅", "다운",
            # en
            "keeps failing", "exit code", "segfault", "panicked", "out of memory", "oom", "deadlock", "stuck",
            "can't connect", "cannot connect", "link error", "undefined reference", "no such file",
            "permission denied", "doesn't reconnect", "never reconnects", "stopped reconnecting", "flaky",
            "won't reconnect", "is failing", "fails to", "broke after", "it broke", "build broke", "broke the build",
            "broke again", "broken again",
            "hangs at", "hang at", "hanging", "stuck at", "stuck on", "never finishes", "times out",
            # es
            "falla", "fallo", "no funciona", "se cae", "se colgó", "no arranca", "no conecta", "excepción", "colgado",
            "se queda",
            # de
            "schlägt fehl", "fehlgeschlagen", "funktioniert nicht", "geht nicht", "stürzt ab", "stürzt", "abgestürzt", "absturz", "hängt",
            "bricht ab", "kaputt", "startet nicht", "verbindet sich nicht", "fehlermeldung",
            # fr
            "échec", "ne marche pas", "ne marche plus", "ne fonctionne pas", "ne fonctionne plus", "bloqué",
            "ne démarre pas", "ne se connecte pas",
            # pt
            "não funciona", "trava", "travou", "caiu", "não conecta", "não sobe", "quebrou", "quebrado", "travado",
            # ja
            "エラー", "失敗", "落ちる", "落ちます", "動かない", "動きません", "クラッシュ", "例外", "つながらない",
            "繋がらない", "接続できない", "起動しない", "ビルドできない", "タイムアウト", "不具合", "止まります", "止まる",
            "止まって",
            # zh
            "错误", "连不上", "起不来", "超时", "不工作", "不能用", "卡在", "卡住", "卡死",
            # ko
            "에러", "오류", "실패", "안 됩니다", "안됩니다", "안 돼요", "죽습니다", "크래시", "예외",
            "연결이 안", "연결되지 않", "타임아웃", "시간 초과", "멈춥니다", "멈춰", "멈춤",
        ],
        "cause": [
            # en
            "the culprit", "was caused by", "it turned out", "the reason was", "comes from", "came from",
            "the problem was", "the issue was", "problem was that",
            "was missing", "stale",
            # es
            "causa raíz", "se debía a", "el problema era", "el problema es", "resulta que", "fue por",
            # de
            "lag an", "liegt an", "lag daran", "liegt daran", "das problem war", "der grund war",
            "stellte sich heraus", "verursacht",
            # fr
            "cause racine", "le problème était", "le problème venait", "venait de", "à cause de", "causé par",
            # pt
            "causa raiz", "o problema era", "o problema é", "por causa de", "causado por",
            # ja
            "原因", "のせいで", "が問題", "起因",
            # zh
            "是因为", "问题在于", "问题出在",
            # ko
            "원인", "때문이었", "문제였", "문제는",
        ],
        "fix": [
            # en
            "fixed it", "that fixed", "which fixed", "this fixes", "the solution", "solution:", "repaired",
            "fixed by", "i fixed", "we fixed", "got it working", "fixed now", "now fixed", "applied the fix",
            "changed it to", "i changed", "pointed it at", "set it to", "i set", "i updated", "i bumped", "reverted",
            "i removed", "i added", "after changing", "after setting", "replaced it with", "moved it to",
            "switched it to", "i raised", "i lowered", "i pinned", "restarted it",
            # es
            "arreglado", "arreglé", "lo arreglé", "solucionado", "solucioné", "corregido", "corregí",
            "la solución", "el arreglo",
            "la cambié", "lo cambié", "actualicé", "añadí", "quité", "revertí", "reemplacé",
            # de
            "gefixt", "repariert", "gelöst", "korrigiert", "die lösung", "der fix", "beseitigt",
            "umgestellt", "geändert", "angepasst", "ersetzt", "entfernt", "hinzugefügt", "zurückgesetzt",
            # fr
            "corrigé", "réparé", "résolu", "la solution", "le correctif", "j'ai corrigé",
            "je l'ai changée", "je l'ai changé", "j'ai changé", "j'ai remplacé", "j'ai mis à jour", "j'ai ajouté",
            "j'ai supprimé", "modifié",
            # pt
            "corrigido", "corrigi", "resolvido", "resolvi", "consertado", "consertei", "a solução", "a correção",
            "troquei", "mudei", "alterei", "atualizei", "adicionei", "removi", "substituí",
            # ja
            "修正しました", "修正した", "直しました", "直した", "直りました", "直った", "解決しました", "解決した",
            "対処しました", "解消しました", "解消された", "修正済み",
            "に変更したところ", "に変更しました", "変更したら", "に置き換え", "を追加しました", "を削除しました",
            # zh
            "修复方法", "解决方法", "改好了", "搞定了", "改成", "改为", "换成", "更新了", "加上了", "删掉了",
            # ko
            "수정했", "고쳤", "해결했", "해결됐", "해결되었", "해결됨", "수정 완료", "해결 방법",
            "로 바꿨", "으로 바꿨", "변경했", "바꿨더니", "추가했", "제거했", "교체했",
        ],
        "verify": [
            # checked by letting it run
            "no resets", "no reboot", "no reboots", "no more resets", "recovers every time", "so that works",
            "that works", "left it running", "left it on", "ran overnight", "overnight", "haven't seen it since",
            "no errors since", "sin reinicios", "toda la noche", "keine neustarts", "über nacht", "plus de redémarrage",
            "toute la nuit", "sem reinícios", "a noite toda", "一晩", "再起動しなくなった", "一晚上", "没有再", "밤새",
            # en
            "works now", "is working", "all green", "tests pass", "builds now", "reconnects", "stays up",
            "without errors", "without error", "ran fine", "runs fine", "went fine", "live again", "back up",
            "finished completed", "completed successfully", "finished successfully",
            "back to normal", "no longer", "checked", "now completes", "completes in", "now * completes",
            "now * works", "now finishes", "goes through",
            "is back",
            # es
            "ya funciona", "funciona bien", "pasan", "verificado", "comprobado", "confirmado", "todo verde",
            "ahora termina", "ya termina", "ahora funciona", "ya no", "ahora * termina", "ahora * funciona",
            # de
            "funktioniert", "läuft wieder", "läuft jetzt", "grün", "bestanden", "verifiziert", "geprüft",
            "bestätigt", "klappt", "läuft durch", "jetzt läuft", "jetzt * läuft", "geht wieder", "nicht mehr",
            # fr
            "fonctionne", "ça marche", "marche maintenant", "passent", "confirmé", "tout est vert",
            "passe maintenant", "fonctionne maintenant", "plus d'erreur",
            # pt
            "passou", "passam", "verificado", "confirmado", "tudo verde", "agora termina", "agora funciona", "agora * termina", "agora * funciona",
            # ja
            "動きました", "動作しました", "動作確認", "通りました", "成功しました", "確認しました", "確認済み",
            "正常に", "パスしました", "ようになりました", "なくなりました", "完了しました",
            # zh
            "正常了", "跑通了", "恢复正常", "就完成了", "不再", "恢复了",
            # ko
            "확인했", "확인됨", "통과", "정상", "잘 됩니다", "잘 돼", "성공", "동작합니다", "작동합니다",
            "끝납니다", "완료됩니다", "더 이상",
        ],
        "writeup": [
            # keep it for next time: asked for, or a problem seen before
            "write it down", "write this down", "write that down", "write it up", "document it", "document this",
            "document that", "in the docs", "to the docs", "into the docs", "in the readme", "to the readme",
            "in the wiki", "for next time", "so next time", "future me", "whoever is on call", "the next person",
            "bit us", "bites us", "bitten by", "hit this again", "happens again", "happened again", "same as last time",
            "like last time", "last time this", "third time", "3rd time", "second time this", "again and again",
            "hit this before", "hit this last", "ran into this before", "seen this before", "last month too",
            "every time we", "write down how", "write down the steps", "write up how", "whoever hits", "the next one who", "second time",
            "in case it happens again", "if it happens again", "when it happens again", "if this happens again",
            # es
            "la próxima vez", "para la próxima", "documéntalo", "documentarlo", "documenta esto", "apúntalo",
            "anótalo", "déjame anotado", "por si vuelve a pasar", "si vuelve a pasar", "la siguiente vez", "déjalo escrito", "en la wiki", "en la documentación", "como la última vez",
            # de
            "nächstes mal", "nächste mal", "dokumentier~", "schreib das auf", "schreib es auf", "aufschreiben",
            "notier~", "beim nächsten", "falls das wieder passiert", "wenn das wieder passiert", "schreib das * in", "in die doku", "ins wiki", "wie letztes mal",
            # fr
            "la prochaine fois", "documente~", "note la procédure", "noter la procédure", "note-le", "si ça se reproduit", "si ça recommence", "au cas où", "dans la doc",
            "dans le wiki", "comme la dernière fois",
            # pt
            "da próxima vez", "na próxima vez", "documenta isso", "documentar isso", "anota isso", "caso aconteça de novo", "se acontecer de novo", "se voltar a acontecer", "na doc",
            "na wiki", "como da última vez",
            # ja
            "次回", "次から", "次の人", "ドキュメントに", "書いておいて", "残しておいて", "メモして", "手順書", "前回と同じ", "また起きたら", "再発したら", "再発時",
            # zh
            "下次", "记下来", "写下来", "写到文档", "记录一下", "写进文档", "文档里", "上次也", "再出现", "再遇到", "排查过程", "以防再",
            # ko
            "다음에", "다음 번", "다음번", "문서에", "문서로", "적어 주", "적어주", "기록해", "정리해 주", "지난번", "다시 생기면", "재발하면", "또 생기면",
        ],
    },
    "constraint": {
        "limit": [
            # en
            *_product(_MODALS_NOT, ("*",), ("more than", "exceed", "go over", "go above", "go beyond")),
            *_product(_STAY_MODALS, _STAY_VERBS, _STAY_PREPS),
            *_product(("must", "has to", "have to", "needs to"), ("fit in", "fit into", "fit within")),
            "we're not allowed", "we are not allowed", "aren't allowed", "are not allowed", "not allowed to",
            "hard requirement", "non-negotiable", "hard cap", "capped at", "upper limit", "budget of",
            "we're only allowed", "only allowed", "mandated", "mandatory", "contractually", "by law",
            "no more than",
            "only allows", "only permits", "allows at most", "allows only", "can't get more", "cannot get more",
            "can't add more", "must keep", "must remain", "legal says",
            "legal requires", "compliance requires", "data residency", "can't be raised", "cannot be raised",
            "solo permite", "sólo permite", "no se puede subir", "no se puede aumentar", "erlaubt nur",
            "erlaubt höchstens", "lässt sich nicht erhöhen", "n'autorise que", "ne permet que",
            "impossible d'augmenter", "só permite", "não dá para aumentar", "não pode ser aumentado",
            "しか許可されていません", "引き上げはできません", "不能提高", "无法提高", "不能增加", "늘릴 수 없",
            "까지만 허용",
            "hard rule", "the rule is", "may only", "can only be", "must only", "not negotiable",
            "that's policy", "it's policy", "company policy", "out of our hands", "not up to us",
            "we don't control", "we can't change that", "no podemos cambiar", "no depende de nosotros",
            "es política", "liegt nicht bei uns", "können wir nicht ändern", "on n'a pas la main",
            "ne dépend pas de nous", "c'est la politique", "não depende de nós", "não podemos mudar",
            "どうにもできない", "変えられない", "我们控制不了", "改不了", "우리가 바꿀 수 없", "바꿀 수 없",
            # an environment the project must live with: it cannot be updated, it must keep running there
            "can't update it", "cannot update it", "can't upgrade it", "cannot upgrade it", "can't be upgraded",
            "cannot be upgraded", "can't be updated", "cannot be updated", "won't upgrade", "will not upgrade",
            "won't update it", "won't be upgraded", "not moving either", "isn't going to change", "stuck on",
            "we're stuck with", "we are stuck with", "nothing gets installed", "can't install anything",
            "cannot install anything", "will not install", "won't install", "they only allow", "locked down",
            "air-gapped", "airgapped", "everything we write has to", "everything we ship has to",
            "anything we write has to", "has to work on", "must work on", "must work offline", "has to work offline",
            "no se puede actualizar", "no lo pueden actualizar", "no podemos actualizar", "tiene que funcionar en",
            "tiene que correr en", "debe funcionar en", "kann nicht aktualisiert werden", "wird nicht aktualisiert",
            "können wir nicht aktualisieren", "muss weiter auf", "muss auf * laufen", "ne peut pas être mis à jour",
            "on ne peut pas mettre à jour", "impossible de mettre à jour", "doit tourner sur", "doit fonctionner sur",
            "não pode ser atualizado", "não dá para atualizar", "não podemos atualizar", "tem que rodar em",
            "precisa rodar em", "アップデートできない", "更新できない", "アップグレードできない", "インストールできない",
            "升级不了", "不能升级", "无法升级", "没法升级", "装不了", "不能安装", "업데이트할 수 없", "업그레이드할 수 없",
            "업그레이드 못", "설치할 수 없", "설치 못",
            "we must not", "is not permitted", "budget is", "a budget of",
            "we're required to", "we are required to", "is required by", "required by law", "by policy",
            "per policy", "our policy", "security policy", "no third-party", "only inside", "only within",
            "sólo puede", "solo puede", "solo se puede", "nur innerhalb", "darf nur", "dürfen nur", "ne peut que",
            "uniquement dans", "só pode", "somente dentro", "しか使えない", "のみ許可", "只能在", "만 허용",
            "만 가능",
            # es
            "no podemos usar más de", "no podemos superar", "no puede superar", "no debe superar", "no debe exceder",
            "no puede exceder", "como máximo", "no se permite", "no está permitido", "no tenemos permitido",
            "prohibido", "tiene que quedarse por debajo", "debe mantenerse por debajo", "límite de", "el límite es",
            "no más de", "está limitado a",
            # de
            "nicht mehr als", "darf nicht", "dürfen nicht", "dürfen wir nicht", "darf höchstens", "dürfen höchstens",
            "höchstens", "maximal", "obergrenze", "nicht erlaubt", "nicht gestattet", "verboten", "muss unter",
            "müssen unter", "nicht überschreiten", "vorgabe",
            # fr
            "pas plus de", "ne doit pas dépasser", "ne peut pas dépasser", "ne pas dépasser", "au maximum",
            "limite de", "la limite", "pas le droit", "pas autorisé", "pas permis", "doit rester sous",
            "doit rester en dessous", "plafond", "plafonné",
            # pt
            "não podemos usar mais de", "não podemos passar de", "não pode passar de", "não pode ultrapassar",
            "não deve ultrapassar", "não pode exceder", "no máximo", "limite de", "o limite é", "não é permitido",
            "não temos permissão", "proibido", "tem que ficar abaixo", "precisa ficar abaixo", "deve ficar abaixo",
            # ja
            "以下に抑え", "以内に収め", "以内に抑え", "上限", "制限", "超えてはいけない", "超えられない",
            "超えないよう", "を超えない", "禁止", "許可されていない", "許されていない", "までしか", "使えません",
            # zh
            "不能超过", "不得超过", "不可超过", "最多", "只能用", "必须低于", "必须控制在", "不能用",
            # ko
            "초과할 수 없", "초과하면 안", "넘으면 안", "넘을 수 없", "넘지 않", "이하로", "이내로", "제한",
            "금지", "허용되지 않", "허용 안", "상한", "까지만", "정책상", "규정상",
        ],
        "soft_limit": [
            "por minuto", "por segundo", "por hora", "pro minute", "pro sekunde", "pro stunde", "par minute",
            "par seconde", "par heure", "分あたり", "秒あたり", "每分钟", "每秒", "분당", "초당",
        ],
        "consequence": [
            "so we can't", "so we cannot", "which rules out", "rules out",
            "lo que significa", "no hay forma", "das heißt", "bedeutet", "ce qui veut dire", "impossible de",
            "o que significa", "não tem como", "つまり", "ということは", "しかない", "所以不能", "밖에 없", "따라서",
        ],
        "authority": [
            # where a rule comes from outside the code: a law, a regulator, a contract, a platform, a partner;
            # or said to be final
            "regulator", "regulators", "regulation", "audit", "auditor", "auditors", "legal", "lawyer", "lawyers",
            "the law", "gdpr", "hipaa", "pci", "soc 2", "privacy", "license", "licence", "contract", "the client",
            "terms of service", "app store", "play store", "not negotiable", "no exceptions", "period.", "full stop",
            "end of story", "no way around", "enforces", "enforced", "imposed by", "mandated by", "required by",
            "the hosting", "hosting provider", "the vendor", "the dba", "the hardware team", "the security team",
            "regulador", "regulación", "normativa", "auditoría", "ley", "legal", "licencia", "contrato", "privacidad",
            "sin excepciones", "punto final", "impuesto por", "exigido por",
            "regulierung", "aufsicht", "prüfung", "gesetz", "gesetzlich", "rechtlich", "datenschutz", "dsgvo",
            "lizenz", "vertrag", "ohne ausnahme", "punkt.", "vorgegeben", "vorgeschrieben", "erzwungen",
            "régulateur", "réglementation", "réglementaire", "audit", "la loi", "juridique", "rgpd", "cnil",
            "licence", "contrat", "confidentialité", "sans exception", "point final", "imposé par", "imposée par", ", point.",
            "regulador", "regulatória", "regulatório", "auditoria", "a lei", "jurídico", "lgpd", "licença",
            "contrato", "privacidade", "obrigação", "sem exceção", "ponto final", "imposto por", "exigido por",
            "規制", "監査", "法律", "法務", "法的", "個人情報", "ライセンス", "契約", "規約", "例外なく", "絶対に", "決められて", "義務",
            "监管", "审计", "法律", "法规", "合规", "隐私", "许可证", "合同", "没得商量", "没有例外", "绝对不", "规定", "强制",
            "규제", "감사", "법률", "법적", "법무", "개인정보", "라이선스", "계약", "예외 없이", "절대", "의무", "강제"
        ],
        "acknowledged": [
            # the assistant taking a limit on board
            "understood", "got it", "noted", "entendido", "anotado", "verstanden", "notiert", "compris", "noté",
            "承知しました", "了解しました", "明白", "知道了", "알겠습니다",
            "tenlo en cuenta", "ten en cuenta", "zur info", "gut zu wissen", "bitte beachte", "à noter",
            "pour info", "bon à savoir", "fica a dica", "bom saber", "念のため", "ご注意", "覚えておいて",
            "참고로", "주의", "알아두", "유의",
        ],
    },
    "tech_debt": {
        "deferral": [
            # something knowingly left as it is, to be done after a milestone or recorded as debt
            "not today", "after the beta", "after the launch", "after the release", "until after",
            "as tech debt", "as technical debt", "the debt list", "tech debt list", "debt log", "debt backlog",
            "leave * alone for now", "leave * as is for now", "leaving * in for now", "ship it without",
            "hoy no", "después de la beta", "después del lanzamiento", "como deuda técnica",
            "heute nicht", "nach der beta", "nach dem release", "nach dem launch", "als technische schuld~",
            "pas aujourd'hui", "après la bêta", "après le lancement", "comme dette technique",
            "hoje não", "depois da beta", "depois do lançamento", "como dívida técnica",
            "今日はやらない", "ベータの後", "リリース後に", "技術的負債として", "上线后再", "发布后再", "记为技术债",
            "오늘은 하지", "출시 후에", "베타 이후", "기술 부채로",
            # en
            "for another day", "not in this pr", "after the demo", "after the freeze", "after the deadline",
            "after the migration", "after the holidays", "after the conference", "after the sprint",
            *_product(("not", "not for", "not in"), ("this release", "this sprint", "this milestone", "this version",
                                                      "this iteration", "this cycle", "this quarter")),
            "when we touch", "when we next touch", "next time we touch", "when we get to it", "after year-end",
            "after the year-end", "cuando toquemos", "cuando lo toquemos", "después del cierre", "no en este sprint",
            "wenn wir * anfassen", "machen wir nach", "nach dem jahresabschluss", "nicht in diesem sprint",
            "quand on touchera", "après la clôture", "pas dans ce sprint", "quando mexermos", "depois do fechamento",
            "nesta sprint não", "触るときに", "決算後", "下次改的时候", "年结之后", "건드릴 때", "결산 후",
            "después de la demo", "después del freeze", "nach der demo", "nach dem freeze", "après la démo",
            "après le gel", "depois da demo", "depois do freeze", "デモの後", "デモ後", "演示之后", "封版之后", "데모 후",
            "데모 이후",
            "in a separate pr", "in a later pr", "as a follow-up", "a follow-up", "file a ticket", "open a ticket",
            "skip it for now", "ignore it for now", "mark it skipped", "quarantine", "won't fix it now",
            "put it on the backlog", "add it to the backlog",
            "next sprint", "to the next sprint", "punt it", "push it to",
            "that's debt", "this is debt", "it's debt", "as debt", "can't be removed yet", "cannot be removed yet",
            "can't remove it yet", "remove it once", "remove them once", "delete it once", "drop it once",
            "clean it up later", "clean up later", "deal with it later", "fix it later", "later ticket",
            # es
            "más adelante", "lo dejamos para después", "dejarlo para después", "para después", "por ahora no",
            "ahora no", "posponer", "pospongamos", "lo pospongo", "lo aplazamos", "aplazar", "en otro momento",
            "próximo sprint", "siguiente sprint", "lo haremos luego",
            # de
            "erstmal nicht", "vorerst nicht", "jetzt nicht", "verschieb~", "zurückstell~", "zurückgestellt",
            "ins backlog", "nachholen", "parken", "nächsten sprint", "machen wir später",
            "kümmern uns später",
            # fr
            "pas maintenant", "on reporte", "reporter", "reporté", "remettre à plus tard", "on verra",
            "pour plus tard", "on laisse ça", "prochain sprint", "on le traitera", "on traitera",
            # pt
            "agora não", "deixar para depois", "deixa pra depois", "deixar pra depois", "adiar", "adiamos",
            "fica para depois", "fica pra depois", "outro momento", "próxima sprint",
            # ja
            "後で", "あとで", "後回し", "保留に", "保留で", "保留します", "保留中", "見送り", "見送ります", "今回は対応しない", "今回はスキップ",
            "一旦スキップ", "将来対応", "別チケット", "別途対応", "次のスプリント", "後日",
            # zh
            "推迟", "延后", "留到", "以后处理", "先放着", "搁置", "先跳过", "暂时不",
            # ko
            "나중에", "다음에", "보류", "미루", "미뤄", "일단 스킵", "일단 건너뛰", "우선 건너뛰", "이번에는 안",
            "다음 스프린트", "후속 작업", "별도 티켓", "백로그", "미룹시다", "미루자",
        ],
        "stopgap": [
            # a known shortcut: what was done now is not the real fix
            "stopgap", "stop-gap", "quick fix", "quick hack", "band-aid", "bandaid", "a hack", "is a hack",
            "hacky", "kludge", "the real fix", "a real fix", "the proper fix", "a proper fix", "properly later",
            "the simple one now", "good enough for now", "good enough for", "for the time being", "a shortcut",
            "not before", "not until", "leave a note", "leave a comment",
            "note in the code", "its own project",
            "parche", "solución temporal", "chapuza", "la solución real", "no antes", "no hasta", "lo rápido",
            "notlösung", "übergangslösung", "provisorium", "quick and dirty", "die richtige lösung", "nicht vor",
            "erst wenn", "erst nach", "was einfaches", "etwas einfaches",
            "rustine", "solution temporaire", "bricolage", "la vraie solution", "pas avant", "pas tant que",
            "gambiarra", "paliativo", "solução temporária", "a solução de verdade", "não antes", "só depois",
            "応急処置", "その場しのぎ", "本来の修正", "ちゃんと直す", "までは",
            "权宜之计", "临时方案", "凑合", "先这样", "真正的修复", "之前不",
            "땜빵", "임시방편", "임시 조치", "제대로 고치", "전에는",
        ],
        "undecided": [
            # a choice put off is not work put off: "parking this until I've talked to her"
            "don't want to decide", "not decide", "decide later", "decide next", "before we decide", "until i've talked",
            "until we've talked", "until i talk", "need to talk to", "talk to the team first", "discuss it with",
            "bring both to", "no quiero decidir", "decidimos después", "hablarlo con", "will nicht entscheiden",
            "entscheiden wir später", "erst besprechen", "je ne veux pas décider", "on décidera", "en parler avec",
            "não quero decidir", "decidimos depois", "falar com", "まだ決めない", "決めるのは", "相談してから",
            "先不决定", "商量一下", "再决定", "결정은 나중", "이야기해 보고", "상의해 보고",
        ],
        "weak_deferral": [
            "tech-debt", "debt.md", "known issues", "known-issues", "issue tracker",
            "tech debt", "technical debt", "not yet", "for the moment", "temporarily", "pendiente",
            "offener punkt", "offene punkte", "comme dette", "pendência", "残しました", "待办", "남겨 두었", "once", "una vez que", "sobald", "dès que", "assim que", "por ahora", "de momento", "deuda técnica", "vorerst", "erstmal",
            "vorläufig", "fürs erste", "technische schulden", "pour l'instant", "provisoirement", "dette technique",
            "por ora", "depois", "dívida técnica", "一旦", "とりあえず", "暫定", "当面", "技術的負債", "技術負債",
            "目前先", "临时", "技术债", "일단", "당분간", "임시로", "기술 부채", "기술부채",
        ],
        "reason": [
            "we're shipping", "ships on", "release on", "code freeze", "crunch", "salimos el", "lanzamos el",
            "entrega", "releasen", "on livre", "livraison", "mise en prod", "a entrega", "lançamento",
            "リリースなので", "배포라서", "배포 전",
            "no hay tiempo", "fecha límite", "keine zeit", "pas le temps", "échéance", "não dá tempo", "prazo",
            "時間がない", "リリース前", "締め切り", "期限", "发版", "上线前", "시간이 없", "릴리스", "마감", "출시",
        ],
        "impact": [
            "mientras tanto", "entretanto", "bis dahin", "in der zwischenzeit", "d'ici là", "enquanto isso",
            "até lá", "それまで", "当面は", "与此同时", "그때까지", "그동안",
        ],
    },
    "preference": {
        "convention": [
            # a standing request about how work is done from now on
            "from now on", "going forward", "moving forward", "please stop", "stop putting", "stop adding",
            "stop using", "that's how i want", "how i want it", "i want every", "i want all", "we don't mock",
            "de ahora en más", "deja de", "ya no quiero", "así lo quiero", "hör auf", "künftig", "so will ich es",
            "désormais", "à l'avenir", "arrête de", "c'est comme ça que je veux", "daqui em diante", "pare de",
            "é assim que eu quero", "今後は", "今後の", "これからも", "これからは", "以后都", "今后", "以后请", "以后不要",
            "앞으로는", "앞으로도", "앞으로 ",
            # en
            "i prefer", "i'd prefer", "i'd rather", "we'd rather", "please always", "please never", "don't ever", "stick to", "the team prefers", "team convention", "we like to",
            "rule of thumb", "we default to", "as a rule", "in our codebase", "in our repo",
            "we never use", "we don't throw", "we avoid", "we never do", "we do * always", "our rule", "is our rule",
            "nuestra regla", "unsere regel", "notre règle", "nossa regra", "うちのルール", "我们的规矩", "우리 규칙",
            "no usamos", "nunca usamos", "evitamos", "wir verwenden kein", "wir nutzen kein", "wir vermeiden",
            "on n'utilise pas", "on évite", "on ne fait pas", "não usamos", "a gente não usa", "evitamos",
            "使いません", "使わない方針", "我们不用", "我们不使用", "우리는 안 써", "사용하지 않습니다",
            "a rule for", "the rule for", "house rule", "the convention", "this is the convention",
            "una regla", "la regla", "para siempre", "eine regel", "die regel", "une règle", "la règle",
            "uma regra", "a regra", "ルールとして", "规则是", "규칙으로",
            # es
            "prefiero", "preferimos", "siempre usamos", "a partir de ahora", "de ahora en adelante", "por favor usa",
            "por favor no", "la convención", "nuestra convención", "en este repo", "en este proyecto",
            "aquí usamos", "nos gusta",
            # de
            "ich bevorzuge", "wir bevorzugen", "lieber", "ab jetzt", "ab sofort", "künftig", "in zukunft",
            "konvention", "bei uns", "in diesem repo", "in diesem projekt", "bitte immer", "bitte nie",
            "bitte keine",
            # fr
            "je préfère", "désormais", "dorénavant", "à partir de maintenant", "à l'avenir", "la convention",
            "dans ce repo", "dans ce projet", "merci de toujours", "merci de ne pas",
            # pt
            "prefiro", "a partir de agora", "daqui pra frente", "daqui para frente", "de agora em diante",
            "convenção", "aqui a gente", "neste repo", "neste projeto", "por favor use", "por favor não",
            # ja
            "このプロジェクトでは", "このリポジトリでは", "うちでは", "今後この", "今後も",
            "いつも", "常に", "必ず", "今後は", "これからは", "好み", "統一", "規約", "方針",
            "使わないでください", "を使ってください", "でお願いします",
            # zh
            "这个项目里", "在这个项目中", "我们项目里", "我们都是", "都是这样", "一直这样",
            "规范", "始终", "永远不要", "从现在开始", "偏好", "更喜欢",
            # ko
            "이 프로젝트에서는", "우리 프로젝트는", "우리 팀은", "이렇게 해 왔",
            "항상", "앞으로는", "앞으로", "선호", "규칙", "컨벤션", "관례", "쓰지 마세요",
            "사용하지 마", "로 통일", "으로 통일", "절대",
        ],
        "scope": [
            # how far a request reaches: every file, the whole codebase, for good
            "anywhere", "everything you write", "all the code", "all our code", "applies to", "in our code",
            "the whole repo", "ever.", "ever,",
            "nothing else", "every message", "every file", "every function", "every query", "every commit",
            "every class", "every module", "every service", "every endpoint", "every handler", "in every",
            "aquí siempre", "hier immer", "ici on", "aqui sempre", "ここでは", "这里都", "여기선", "여기서는",
            "en nuestro código", "en todo el código", "vale para todo", "in unserem code", "im ganzen code",
            "gilt für alles", "dans notre code", "dans tout le code", "ça vaut pour", "no nosso código",
            "em todo o código", "vale para tudo", "このリポジトリ", "このコードベース", "全部の", "我们的代码",
            "整个项目", "所有代码", "우리 코드", "코드 전체", "전체 코드",
            "any new", "anything that", "everywhere", "across the", "siempre que",
            "todos los", "todas las", "cada vez", "en cada", "alle tests", "jede", "jedes", "überall",
            "jedes mal", "tous les", "toutes les", "chaque", "partout", "todos os", "todas as", "em todo",
            "すべての", "全ての", "毎回", "どこでも", "所有", "每个", "每次", "모든", "매번", "전부",
        ],
        "directive": [
            "no uses", "no utilices", "evita", "verwende", "nutze", "benutze keine", "vermeide", "utilise",
            "évite", "evite", "使わないで", "使って", "避けて", "请用", "避免", "쓰지 마",
            "사용하지 마", "써 주세요", "사용해 주세요", "피해",
        ],
        "noted": [
            "will follow", "i'll follow", "follow the same", "same convention", "from now on i'll",
            "going forward i'll", "a partir de ahora", "de ahora en adelante", "ab jetzt werde", "désormais je",
            "daqui em diante", "今後は", "앞으로는",
            "de acuerdo", "notiert", "alles klar", "geht klar", "mache ich", "compris", "entendu", "d'accord",
            "combinado", "pode deixar", "承知しました", "了解", "かしこまりました", "わかりました", "覚えておきます",
            "好的", "知道了", "알겠습니다", "기억하겠", "명심하겠", "반영하겠",
        ],
    },
}


#: A person ending a working session: asking where things stand, what is left, or for a wrap-up.
WRAP_UP = [
    # en
    "wrap up", "wrap it up", "wrap-up", "where are we", "where do we stand", "where things stand", "what's left?",
    "what's left to do", "what is left to do", "what's still open", "where did you leave", "where did we leave", "call it a day", "stop here", "stopping here",
    "that's it for today", "done for today", "for today", "pick it up tomorrow", "continue tomorrow", "handover",
    "hand over", "recap", "summary please", "summarize where", "summarise where", "summary of today",
    "summary of the session", "end of day",
    # es
    "dónde estamos", "qué falta", "qué queda", "lo dejamos aquí", "por hoy", "seguimos mañana", "resumen de hoy",
    "resume dónde", "hagamos un resumen",
    # de
    "wo wir stehen", "wo stehen wir", "was fehlt noch", "was ist noch offen", "für heute", "machen morgen weiter",
    "übergabe", "zusammenfassen", "fass zusammen", "zusammenfassung",
    # fr
    "où on en est", "où en est-on", "où en sommes-nous", "ce qui reste", "qu'est-ce qui reste", "on s'arrête là",
    "pour aujourd'hui", "on continue demain", "récapitul~", "fais le point", "faire le point",
    # pt
    "onde estamos", "o que falta", "paramos aqui", "por hoje", "continuamos amanhã", "amanhã continuo",
    "resumo de hoje", "faz um resumo",
    # ja
    "まとめて", "どこまで", "今日はここまで", "続きは明日", "引き継ぎ", "残りは", "進捗",
    # zh
    "总结一下", "今天就到这", "明天继续", "进度如何", "还剩什么", "交接",
    # ko
    "정리해", "어디까지", "오늘은 여기까지", "내일 이어서", "남은 건", "인수인계", "요약해",
]

#: Headings of a recap of a session's state (two or more of them in one answer make a recap).
RECAP_HEADINGS = [
    "done", "completed", "finished", "next", "next steps", "next up", "remaining", "still open", "open", "open items",
    "left to do", "to do", "todo", "blockers", "blocked", "in progress", "not done", "hecho", "terminado", "pendiente",
    "pendientes", "próximos pasos", "siguientes pasos", "bloqueos", "erledigt", "offen", "nächste schritte", "blocker",
    "in arbeit", "entschieden", "fait", "terminé", "reste à faire", "prochaines étapes", "en cours", "bloquants", "feito",
    "concluído", "pendente", "próximos passos", "em andamento", "bloqueios", "完了", "済み", "残り", "残作業", "次のステップ",
    "次にやること", "未完了", "対応中", "已完成", "完成", "下一步", "待办", "未完成", "进行中", "阻塞", "완료", "다음 단계", "남은 작업", "진행 중",
    "미완료", "블로커",
]
