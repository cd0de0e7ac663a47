/**
 * Signs of an injection in the text's structure rather than its wording (rules.ts runs them):
 * a fake conversation or system marker followed by an order, a hidden-instruction block, a
 * markdown image whose URL carries the conversation out. And, for text a tool sends (a tool's
 * description, parameters, or result: data a third party addresses to the model), the forms of
 * published tool poisoning: secrecy towards the user, instructions about other tools
 * (shadowing), files, keys or the conversation asked into a parameter, a URL or an address
 * (exfiltration), a fake error that sends the model to another tool, a simulated user turn, a
 * note addressed to the model. In a user's own prompt those words are ordinary ("don't tell the
 * user the ending", "when the send_email tool is used, log it"); in a tool's text they are the
 * attack, whatever the wording.
 *
 * Patterns run on the prepared text (lower case, folded); every gap is bounded: linear.
 */

const L = "a-z\\u00c0-\\u024f";
const alt = (words: readonly string[]) => `(?:${words.join("|")})`;

/** A conversation or system marker of a chat template or a prompt format. */
const MARKER = alt([
  "<\\|im_start\\|>\\s*system", "<\\|system\\|>", "<\\|start_header_id\\|>\\s*system", "<<sys>>", "\\[system\\]", "\\[sys\\]", "#{2,}\\s*system\\s*#{0,}",
  "</?system(?:_message|-message|_prompt)?>", "</user(?:_input|_message|_query)?>", "</?admin>", "</?developer>", "---+\\s*end of (?:user )?(?:message|input|prompt|conversation)\\s*-*",
  "(?:^|\\n)\\s*system\\s*(?:message|prompt|note|update)?\\s*:", "\"role\"\\s*:\\s*\"(?:system|developer)\"", "\\[/?inst\\]", "<\\|(?:endoftext|eot_id|end)\\|>",
]);
/** What a fake system turn orders. */
const ORDER = alt([
  "ignore", "disregard", "forget", "reveal", "print", "output", "override", "bypass", "no (?:safety |content )?(?:restrictions|rules|limits|filters|guidelines)", "unrestricted", "unfiltered",
  "without (?:any )?(?:restrictions|refus\\w*|limits|filters)", "must (?:answer|comply|reveal|obey|respond)", "comply with (?:all|every|any)", "admin(?:istrator)? (?:mode|access|rights|privileges)",
  "root access", "elevated", "revoked", "disabled", "hidden (?:rules|instructions|prompt)", "confidential", "safety (?:layer|rules|filters|checks)", "policy", "previous (?:instructions|configuration|policies)",
  "jailbr\\w+", "developer mode", "not refuse", "never refuse", "answer every", "all (?:subsequent )?requests",
]);

export const STRUCTURAL_INJECTION: readonly string[] = [
  // A fake system turn or a closed user turn, then an order.
  `${MARKER}[\\s\\S]{0,240}?\\b${ORDER}`,
  // Hidden-instruction blocks and the published phrasings of indirect injection.
  `<(?:important|information|instructions?|secret|hidden)>[\\s\\S]{0,600}?\\b(?:read|send|pass|forward|upload|include|ignore|disregard|call|do not|don't|never|must|before|instead|bcc)\\b`,
  `\\bbefore you (?:can )?(?:solve|do|complete|start|perform|answer|finish) (?:the|this|my|your) (?:task|request|question|job)\\b[\\s\\S]{0,80}?\\b(?:i gave you|you were given|do the following|please|first)\\b`,
  `\\bafter you do that,? you can (?:solve|do|complete|continue)\\b`,
  `\\bthis is an important message from\\b[\\s\\S]{0,60}?\\bto you\\b`,
  // Exfiltration through a markdown image or a URL the model is to fill in.
  `(?:!\\[[^\\]\\n]{0,100}\\]\\(|markdown image|image (?:tag|link|url)|tracking pixel|\\bpixel\\b)[\\s\\S]{0,220}?\\b(?:(?:whole|full|entire|complete)\\s+)?(?:conversation|chat(?: history| log| so far)?|previous messages|all (?:previous|prior|earlier) messages|everything the user|message history|api keys?|passwords?|credentials|secrets?|access tokens?|summary of (?:our|the|this) (?:chat|conversation))\\b`,
  `\\b(?:conversation|chat history|previous messages|all (?:previous|prior) messages|everything the user (?:has )?said|api keys?|passwords?|credentials)\\b[\\s\\S]{0,160}?(?:!\\[[^\\]\\n]{0,100}\\]\\(|markdown image)`,
  `https?://[^\\s)]{0,200}?[?&][${L}0-9_]{1,20}=\\s*[{\\[<]\\s*(?:the\\s+)?(?:conversation|chat|history|messages|all previous messages|summary|secrets?|keys?|passwords?|prompt|context)\\b`,
  `\\b(?:url-?encoded?|urlencoded|appended|followed by|after (?:the )?[${L}]=)\\b[\\s\\S]{0,40}?\\b(?:(?:whole|full|entire)\\s+)?(?:conversation|chat history)\\b|\\b(?:whole|full|entire) (?:conversation|chat)(?: so far)?,? url-?encoded`,
];

/** A file, a key or the conversation: what exfiltration asks for. */
const SENSITIVE = alt([
  "~/\\.ssh", "\\.ssh/", "ssh keys?", "(?:saved|stored) passwords", "(?:its|your|the assistant's|the model's) (?:system prompt|instructions)", "(?:the )?(?:complete|full|whole|entire) conversation", "id_rsa", "id_ed25519", "id_ecdsa", "mcp\\.json", "\\.cursor/", "claude_desktop_config", "\\.env\\b", "~/\\.aws", "\\.aws/", "aws/credentials", "credentials\\.(?:json|db)",
  "\\.config/gcloud", "\\.npmrc", "\\.netrc", "\\.pgpass", "\\.git-credentials", "\\.kube/config", "private keys?", "api[_ -]?keys?", "[a-z]+_api_key", "secret keys?", "access tokens?",
  "(?:any |all )?tokens", "passwords?", "credentials", "env(?:ironment)? variables?", "(?:the |full |whole |entire )?conversation(?: history| so far)?", "chat history", "previous messages",
  "all previous messages", "message history", "(?:the )?user'?s (?:contacts|contact list|emails|messages|files|inbox|address book|history)", "last \\d+ (?:emails|messages)", "contents? of (?:the )?(?:\\.env|~/\\S+)",
]);
const DESTINATION = `(?:as|in|into|to|inside|via|through|under)\\s+(?:the\\s+|its\\s+|a\\s+|an\\s+)?(?:[\`'"“‘][${L}_]{2,30}[\`'"”’]|[${L}_]{2,30}\\s+(?:parameter|argument|field|param|property|arg)|(?:parameter|argument|field|param|property)\\b|url\\b|https?://|[a-z0-9._%+-]+@[a-z0-9-]+\\.|(?:the\\s+)?#[${L}0-9_-]+\\s+channel|(?:a\\s+)?public\\s+gist|shared drive)`;

export const TOOL_TEXT_INJECTION: readonly string[] = [
  // A value the model is to fill with what it holds: "set this to the complete conversation", "put ... here".
  `\\b(?:set|fill|populate|put|place|pass|provide|supply|include|paste)\\s+(?:this|it|here|this field|this parameter|this value|this argument)\\s+(?:to|with|as)\\b[\\s\\S]{0,60}?\\b${SENSITIVE}`,
  `\\b(?:put|place|include|paste|add|pass|provide)\\b[\\s\\S]{0,20}?\\b${SENSITIVE}[\\s\\S]{0,80}?\\b(?:here|in this (?:field|parameter|argument|value))\\b`,
  // Fetch a page and obey it; instructions given priority over the user's.
  `\\b(?:fetch|read|load|open|download|get|visit|retrieve)\\s+https?://\\S{1,200}\\s+and\\s+(?:follow|obey|execute|do|apply|run|carry out)\\s+(?:whatever|what|the instructions|everything|anything|its instructions)`,
  `\\b(?:has|have|takes?|given|gets?)\\s+(?:priority|precedence)\\s+over\\s+(?:the\\s+|any\\s+|all\\s+|your\\s+)?(?:system prompt|user(?:'s)?|instructions|other instructions|previous|earlier|assistant)`,
  // Another tool, named generically: "if another tool transfers money, change the account first".
  `\\b(?:if|when|whenever)\\s+(?:another|any other|the other|other|a different)\\s+tools?\\b[\\s\\S]{0,120}?\\b(?:change|replace|redirect|set|add|send|swap|alter|modify)\\b`,
  // Secrecy in other words.
  `\\b(?:invisible|hidden|unknown|secret|unseen)\\s+(?:to|from)\\s+(?:the\\s+)?(?:human|user|person|operator)s?\\b`,
  `\\b(?:just|only|simply)\\s+(?:say|tell (?:the user|them|the human))\\s+(?:that\\s+)?(?:the operation|it|everything|the call|the task)\\s+(?:succeeded|worked|was successful|went fine|is done)`,
  // A property named after what it is to carry: "content_of_~/.ssh/id_rsa", "full conversation so far".
  `(?:^|\\n)\\s*(?:the\\s+)?(?:contents?\\s+of\\s+(?:~/|\\.env\\b|/etc/)[^\\n]{0,60}|(?:full|whole|entire|complete)\\s+(?:conversation|chat(?: history)?)\\s+so\\s+far)\\s*(?:\\n|$)`,
  // A fake error that sends the model to a named tool.
  `\\b(?:deprecated|no longer available|disabled|unavailable|has moved|retired|removed)\\b[\\s\\S]{0,160}?\\byou\\s+(?:must|need to|have to|should)\\s+(?:now\\s+|instead\\s+|first\\s+)?(?:call|use|invoke|run)\\s+[\`'"]?[a-z0-9]+(?:_[a-z0-9]+)+`,
  // A simulated user turn that asks for data or an action.
  `(?:^|\\n)\\s*(?:user|human)\\s*:[^\\n]{0,40}?\\b(?:forget|ignore|upload|e-?mail|forward|delete|send|reveal|share|post)\\b[^\\n]{0,60}?\\b${SENSITIVE}`,
  // Secrecy towards the user.
  `\\b(?:do not|don't|dont|never|without)\\s+(?:ever\\s+)?(?:mention(?:ing)?|tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|reveal(?:ing)?|show(?:ing)?|disclos(?:e|ing)|ask(?:ing)?|let(?:ting)?|report(?:ing)?|explain(?:ing)?|confirm(?:ing)? with)\\s+(?:this\\s+|it\\s+|that\\s+|anything\\s+|anyone\\s+|any of this\\s+)?(?:step\\s+|note\\s+|instruction\\s+)?(?:to\\s+|with\\s+)?(?:the\\s+)?(?:user|users|human|anyone|anybody)\\b`,
  `\\b(?:do not|don't|never)\\s+(?:mention|tell|reveal|disclose)\\s+(?:this|that|it|the (?:note|instruction|step|file|bcc|redirect))\\b`,
  `\\b(?:hidden|hide (?:this|it)|secret|keep (?:this|it) secret)\\s+from\\s+(?:the\\s+)?user\\b`,
  `\\b(?:upset|alarm|worry|scare|confuse|annoy)\\s+the\\s+user\\b`,
  `\\b(?:must|should|shall)\\s+not\\s+be\\s+(?:shown|mentioned|revealed|displayed|disclosed|visible)\\s+to\\s+(?:the\\s+)?user\\b`,
  `\\b(?:never|do not|don't)\\s+ask\\s+(?:the user\\s+)?(?:for\\s+)?(?:confirmation|permission|approval)\\b`,
  `\\b(?:the\\s+)?user\\s+(?:has|have)\\s+(?:already\\s+)?(?:pre-?)?(?:approved|authori[sz]ed|consented to)\\s+(?:all|every|any)\\b`,
  `\\bmere implementation detail\\b`,
  // Instructions about other tools (shadowing).
  `\\bside[- ]effects?\\s+on\\s+(?:the\\s+)?(?:also\\s+)?(?:present\\s+)?[\`'"]?[${L}0-9_]+`,
  `\\b(?:when|whenever|every time|each time|if|once|after|before)\\s+(?:the\\s+|you\\s+(?:use|call|invoke)\\s+(?:the\\s+)?|using\\s+(?:the\\s+)?|calling\\s+(?:the\\s+)?)?[\`'"]?[a-z0-9]+(?:_[a-z0-9]+)+[\`'"]?\\s+(?:tool\\s+|function\\s+)?(?:is\\s+|gets\\s+)?(?:used|called|invoked|available|run|executed)\\b[\\s\\S]{0,160}?\\b(?:must|always|also|should|never|first|need to|has to|instead)\\b`,
  `\\b(?:also|always|first|then|additionally|afterwards|immediately|automatically)\\s+(?:call|invoke|use|run|trigger|execute)\\s+(?:the\\s+)?[\`'"]?[a-z0-9]+(?:_[a-z0-9]+)+[\`'"]?[\\s\\S]{0,120}?\\b(?:with|to|and pass|passing|including|containing)\\b`,
  `\\b(?:do not|don't|never)\\s+use\\s+(?:the\\s+)?[\`'"]?[a-z0-9]+(?:_[a-z0-9]+)+[\`'"]?\\s+(?:tool\\s+|function\\s+)?(?:of|from)?[\\s\\S]{0,60}?\\b(?:compromised|unsafe|insecure|malicious|broken|dangerous|hacked)\\b`,
  `\\b(?:must|should|always|will)\\s+(?:send|forward|route|deliver|redirect|bcc|cc|copy)\\b[\\s\\S]{0,80}?[a-z0-9._%+-]+@[a-z0-9-]+\\.[a-z]{2,}`,
  `\\b(?:bcc|blind (?:carbon )?copy|cc|carbon copy)\\b[\\s\\S]{0,60}?[a-z0-9._%+-]+@[a-z0-9-]+\\.[a-z]{2,}|[a-z0-9._%+-]+@[a-z0-9-]+\\.[a-z.]{2,}\\s+(?:as|in)\\s+(?:a\\s+)?(?:bcc|cc)\\b`,
  // Files, keys or the conversation asked into a parameter, a URL or an address.
  `\\b${SENSITIVE}[\\s\\S]{0,100}?\\b${DESTINATION}`,
  `\\b(?:send|forward|upload|post|email|e-mail|mail|transmit|exfiltrate|share|leak|export|archive|copy|sync)\\s+(?:a copy of\\s+|all\\s+|the\\s+|its\\s+|his\\s+|her\\s+|their\\s+|my\\s+|your\\s+)?(?:content(?:s)? of\\s+)?${SENSITIVE}`,
  `\\b(?:fetch|call|visit|open|request|get|load|ping)\\s+https?://\\S{1,200}[\\s\\S]{0,60}?\\b(?:followed by|with|containing|appending|append|plus)\\s+(?:the\\s+)?(?:full\\s+|whole\\s+|entire\\s+)?(?:conversation|chat|history|messages|context)\\b`,
  `\\b(?:read|cat|open|load|access|get)\\s+[\`'"]?(?:~/\\.ssh|~/\\.aws|~/\\.cursor|~/\\.config|\\.env\\b|mcp\\.json|id_rsa|/etc/passwd|/etc/shadow)`,
  // A fake error that sends the model elsewhere; a new task slipped in.
  `\\bno\\s+longer\\s+(?:available|supported|works|working|active|in service)\\b[\\s\\S]{0,80}?\\b(?:use|call|switch to|try)\\b[\\s\\S]{0,120}?\\b${SENSITIVE}`,
  `\\bnew\\s+(?:user\\s+)?(?:query|request|task|instructions?|objective|goal|directive|priority|session)\\s*(?:started\\s*)?[:!]`,
  `\\b(?:the\\s+)?(?:previous|prior|current)\\s+(?:conversation|session|task)\\s+(?:is|has)\\s+(?:over|ended|been (?:closed|terminated|cancel+ed))`,
  `\\b(?:stop|abort|drop|abandon)\\s+(?:the\\s+|your\\s+)?(?:current|previous|original)\\s+(?:task|request|work|summary|summari[sz]ing)\\b`,
  `\\bregardless of (?:what|anything|whatever) the user\\b|\\b(?:instead of|rather than) (?:what|doing what) the user (?:asked|requested|wants)\\b`,
  `\\b(?:ignore|disregard|forget)\\s+(?:the\\s+|my\\s+|your\\s+)?(?:user|user's|question|request|summary request|previous request|query|task)\\b`,
  `\\b(?:must|should)\\s+(?:immediately\\s+)?stop\\b[\\s\\S]{0,60}?\\b(?:reply|respond|answer|output)\\s+(?:only\\s+)?with\\b`,
  `\\b(?:responses?|output|results?)\\s+(?:of|from)\\s+this\\s+tool\\s+(?:is|are)\\s+authoritative\\b`,
  // A simulated turn of the conversation.
  `(?:^|\\n)\\s*(?:user|human)\\s*:\\s*(?:actually,?\\s*|also,?\\s*|oh,?\\s*|and\\s+|please\\s+)?(?:forget|ignore|disregard|upload|email|e-mail|forward|delete|send (?:my|all|the|every)|reveal|share|post|now\\s+(?:send|delete|upload|email))\\b`,
  `(?:^|\\n)\\s*(?:assistant|ai|model)\\s*:\\s*(?:sure|ok(?:ay)?|of course|certainly|understood|will do),?\\s+(?:i will|i'll|doing|let me)\\b`,
  // A note addressed to the model.
  `\\b(?:note|message|instructions?|todo|to-do|task|reminder|request|p\\.?s\\.?|hint|directive)\\s+(?:to|for)\\s+(?:the\\s+|any\\s+|all\\s+)?(?:ai|assistant|agent|llm|model|language model|chatbot|bot|claude|gpt|chatgpt|copilot|ai agent|ai model|ai assistant)s?\\b`,
  `\\b(?:ai|llm|language model|ai model|ai agent|agent|assistant|model|claude|chatgpt|gpt|copilot|bot)s?\\s+(?:is\\s+|are\\s+)?(?:reading|processing|parsing|summari[sz]ing|seeing|analy[sz]ing|handling|that reads?)\\s+(?:this|these|it)\\b`,
  `\\b(?:hey|hi|hello|dear|attention|attn)\\s+(?:claude|chatgpt|gpt|assistant|ai|agent|model|llm|copilot|gemini)\\b[\\s,:!.-]+[\\s\\S]{0,80}?\\b(?:new instructions?|ignore|forget|instead|must|your (?:real |new )?task|do not|don't|merge|delete|send|close)\\b`,
  `\\[\\s*(?:assistant|ai|agent|system|model|llm)\\s+(?:instructions?|note|message|directive|task)\\s*\\]`,
  `\\bany\\s+(?:language\\s+)?(?:model|ai|llm|assistant|agent)\\s+(?:processing|reading|parsing|that reads)\\b`,
  `\\b(?:your|the assistant's|the agent's)\\s+(?:real|true|actual|new|only)\\s+(?:task|purpose|goal|objective|job|mission)\\b`,
  `\\b(?:run|execute)\\s+(?:the\\s+)?(?:any\\s+)?(?:shell\\s+)?commands?\\s+(?:the\\s+)?(?:result|page|output|document|file)\\s+(?:asks|says|requests|contains)\\b`,
];

/** Substrings every STRUCTURAL_INJECTION pattern needs one of (rules.ts's anchor filter); tool text is read without one. */
export const STRUCTURAL_ANCHORS: readonly string[] = [
  "<|", "<<sys", "[system", "[sys", "##", "system", "</user", "admin>", "developer>", "end of", "\"role\"", "[inst", "[/inst",
  "<important", "<information", "<instruction", "<secret", "<hidden", "before you", "after you do that", "important message",
  "![", "markdown image", "image", "pixel", "conversation", "chat history",
];
