import { describe, expect, test } from "bun:test";
import { createSecretKeysMasker, type SecretKeysConfig } from "../../src/guardrails/secret-keys/guardrail.ts";
import { guardText } from "../../src/pipeline/guard.ts";
import { loadPolicyFile } from "../../src/policy/load.ts";
import { expectLinear } from "../helpers/timing.ts";

const mask = (text: string, config: SecretKeysConfig = {}) => createSecretKeysMasker(config).mask(text);
/** Each text masked as given. */
const expectMasked = (cases: readonly (readonly [text: string, masked: string])[]) => {
  for (const [text, expected] of cases) expect(mask(text).text).toBe(expected);
};
/** Each text left as it is. */
const expectLeft = (texts: readonly string[]) => {
  for (const text of texts) expect(mask(text).text).toBe(text);
};

// Built at run time so that no scanner flags this file as holding real keys.
const sample = {
  openai_key: "sk-proj-" + "Ab3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY",
  anthropic_key: "sk-ant-api03-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA-_xYz",
  aws_access_key_id: "AKIA" + "IOSFODNN7EXAMPL2",
  github_token: "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
  slack_token: "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOp",
  stripe_key: "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
  google_api_key: "AIza" + "SyD-1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6",
  jwt: "eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0" + ".dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  huggingface_token: "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
  gitlab_token: "glpat-" + "xY7_kL9mN2pQ4rS6tU8v",
  npm_token: "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
  discord_webhook: "https://discord.com/api/webhooks/" + "123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghijklmnopqrstuvwx",
  telegram_bot_token: "123456789:" + "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
};

describe("SecretKeys", () => {
  for (const [kind, key] of Object.entries(sample)) {
    test(`masks a ${kind} key and keeps the surrounding text`, () => {
      const r = mask(`export KEY=${key}; echo done`);
      expect(r.text).toBe("export KEY=<SECRET_KEY>; echo done");
      expect(r.tripped).toBe(false);
      expect(r.labels).toEqual([kind]);
    });
  }

  test("block: true trips and reports kinds, never values", () => {
    const r = mask(`use ${sample.openai_key}`, { block: true });
    expect(r.tripped).toBe(true);
    expect(r.labels).toEqual(["openai_key"]);
    expect(JSON.stringify(r.info)).not.toContain(sample.openai_key);
  });

  test("PEM private keys are masked whole, and a truncated block to the end", () => {
    const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1c2\nabc\n-----END RSA PRIVATE KEY-----";
    expect(mask(`key:\n${pem}\nthanks`).text).toBe("key:\n<SECRET_KEY>\nthanks");
    expect(mask("start -----BEGIN PRIVATE KEY-----\nMIIEv...").text).toBe("start <SECRET_KEY>");
  });

  test("credential assignments mask only the value; references and placeholders are left", () => {
    expect(mask('db_password = "s3cr3t-Pa55"').text).toBe('db_password = "<SECRET_KEY>"');
    expect(mask("API_KEY: hunter2hunter2").text).toBe("API_KEY: <SECRET_KEY>");
    expect(mask("password = process.env.DB_PASSWORD").text).toBe("password = process.env.DB_PASSWORD");
    expect(mask("password: ********").text).toBe("password: ********");
    expect(mask("password = getPassword()").text).toBe("password = getPassword()");
  });

  test("a password told in words is masked; the same words about a password are left", () => {
    expect(mask("My password is hunter2, is that strong enough?").text).toBe("My password is <SECRET_KEY>, is that strong enough?");
    expect(mask("the PIN is 4821.").text).toBe("the PIN is <SECRET_KEY>.");
    expect(mask("The passcode was 'swordfish'.").text).toBe("The passcode was '<SECRET_KEY>'.");
    expect(mask("the password is SuperSecret now").text).toBe("the password is <SECRET_KEY> now");
    expect(mask("The password is: Summer2024!").text).toBe("The password is: <SECRET_KEY>");
    for (const text of [
      "the password is incorrect",
      "Password is required.",
      "Your password is too weak",
      "password is case-sensitive",
      "my password was reset yesterday",
      "the password is at least 12 characters",
      "password is ********",
      "password is $DB_PASS",
      "your password is your-password-here",
    ]) {
      expect(mask(text).text).toBe(text);
    }
    expect(mask("My password is hunter2", { threshold: "permissive" }).text).toBe("My password is hunter2");
  });

  test("placeholders from documentation and answers are left; a real value beside them is masked", () => {
    for (const text of [
      "export OPENAI_API_KEY=sk-your-key-here",
      'api_key = "YOUR_API_KEY"',
      'password = "changeme"',
      "token=REPLACE_ME and OPENAI_API_KEY=sk-...",
      "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY",
      "DATABASE_URL=postgres://user:password@localhost:5432/app",
    ]) {
      expect(mask(text).text).toBe(text);
    }
    expect(mask(`OPENAI_API_KEY=sk-your-key-here # mine: ${sample.openai_key}`).text).toBe("OPENAI_API_KEY=sk-your-key-here # mine: <SECRET_KEY>");
  });

  test("URL passwords are masked, the rest of the URL kept", () => {
    expect(mask("postgres://admin:Sup3rS3cret@db.internal:5432/app").text).toBe("postgres://admin:<SECRET_KEY>@db.internal:5432/app");
  });

  describe("thresholds", () => {
    const randomToken = "Qm9vZ1xKd3Rhc2tfaW5mb3JtYXRpb25fMTIzNDU2Nzg5";
    const short = "aB3dE5fG7hJ9kL1m"; // 16 characters
    test("balanced masks a long random token; permissive does not", () => {
      expect(mask(`token ${randomToken}`).text).toBe("token <SECRET_KEY>");
      expect(mask(`see base64,${randomToken}`).text).toBe("see base64,<SECRET_KEY>"); // not in a data: URI
      expect(mask(`token ${randomToken}`, { threshold: "permissive" }).text).toBe(`token ${randomToken}`);
    });
    test("strict also masks shorter tokens", () => {
      expect(mask(`id ${short}`, { threshold: "strict" }).text).toBe("id <SECRET_KEY>");
      expect(mask(`id ${short}`).text).toBe(`id ${short}`);
    });
    test("balanced leaves ordinary technical text alone", () => {
      const prose = [
        "The function getUserAccountSettingsById returns a Promise.",
        "Commit 3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e fixed it.",
        "Request id 123e4567-e89b-12d3-a456-426614174000 failed.",
        "See src/guardrails/secret-keys/guardrail.ts and node_modules/typescript/lib.",
        "internationalization_and_localization_2024 settings",
        "Use base64 encoding for binary attachments in JSON payloads.",
        // An embedded image is random-looking content, not a credential.
        '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
      ];
      for (const text of prose) expect(mask(text).text).toBe(text);
    });
  });

  test("custom_patterns are masked", () => {
    expect(mask("ticket ACME-TOKEN-99812 here", { custom_patterns: ["ACME-TOKEN-\\d+"] }).text).toBe("ticket <SECRET_KEY> here");
  });

  test("fullwidth and zero-width characters do not hide a key", () => {
    const hidden = sample.openai_key.split("").join("\u200b");
    expect(mask(`k=${hidden}!`).text).toBe("k=<SECRET_KEY>!");
    const fullwidth = [...sample.aws_access_key_id].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    expect(mask(`aws ${fullwidth}`).text).toBe("aws <SECRET_KEY>");
  });

  test("linear time on hostile inputs", () => {
    const m = createSecretKeysMasker({ threshold: "strict" });
    for (const unit of ["sk-", "eyJ", "eyJa.", "-----BEGIN PRIVATE KEY-----", "password=", "password is ", "pin is 1", "a://", "x", "Ab1+", "ghp_", "p:a@", "postgres://u:", "1234567:AA", "https://discord.com/api/webhooks/12345/"]) {
      expectLinear(`SecretKeys on ${JSON.stringify(unit)}`, (t) => m.mask(t), unit);
    }
  });
});

describe("SecretKeys hex tokens", () => {
  test("balanced masks a hex string after a key word, but not a bare hash", () => {
    const hex = "9f86d081884c7d659a2feaa0c55ad015";
    expect(mask(`api key: ${hex}`).text).toBe("api key: <SECRET_KEY>");
    expect(mask(`sha ${hex}`).text).toBe(`sha ${hex}`);
    expect(mask(`sha ${hex}`, { threshold: "strict" }).text).toBe("sha <SECRET_KEY>");
  });
});

describe("SecretKeys: credentials in HTTP authorization", () => {
  // Written before the rules, as pasted into prompts: curl commands, header dumps, code.
  const masked: [string, string][] = [
    ['curl -H "Authorization: Basic YWRtaW46cGFzc3dvcmQ=" https://api.example.com', 'curl -H "Authorization: Basic <SECRET_KEY>" https://api.example.com'],
    ["Authorization: Bearer abc123def456ghi789", "Authorization: Bearer <SECRET_KEY>"],
    ['headers = {"Authorization": "Basic dXNlcjpzM2NyZXQ="}', 'headers = {"Authorization": "Basic <SECRET_KEY>"}'],
    ["authorization: token 9f8e7d6c5b4a39281706", "authorization: token <SECRET_KEY>"],
    ["Proxy-Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Proxy-Authorization: Basic <SECRET_KEY>"],
    ["curl -u admin:hunter2 https://jenkins.internal/api/json", "curl -u admin:<SECRET_KEY> https://jenkins.internal/api/json"],
    ["curl --user deploy:Tr0ub4dor https://repo.example.org/upload", "curl --user deploy:<SECRET_KEY> https://repo.example.org/upload"],
    ["wget --user=ci --password=Wq8#xk2 https://files.internal/a.tgz", "wget --user=ci --password=<SECRET_KEY> https://files.internal/a.tgz"],
  ];
  const left = [
    'curl -H "Authorization: Bearer $OPENAI_API_KEY" https://api.openai.com/v1/models',
    "Authorization: Bearer <token>",
    "Authorization: Bearer YOUR_ACCESS_TOKEN",
    "Authorization: Bearer ACCESS_TOKEN",
    'headers = {"Authorization": f"Bearer {token}"}',
    "Authorization: Basic base64(username:password)",
    "The Authorization header carries a Bearer token issued by the identity provider.",
    "Set Authorization: Bearer followed by your key.",
    "docker run -u 1000:1000 -v $PWD:/app node:20 npm test",
    "curl -u $USER:$PASS https://example.com",
    'curl -u "username:password" https://api.example.com',
    "ps -u root:wheel",
  ];
  test("a value after Authorization: Basic / Bearer / token, and a curl or wget password, are masked", () => {
    expectMasked(masked);
  });
  test("references, placeholders, prose about the header and user:group ids are left", () => {
    expectLeft(left);
  });
  test("Basic credentials of a placeholder user and password, or none, are a documentation example", () => {
    // base64("username:password"), base64("user:") and base64("user:changeme")
    for (const value of ["dXNlcm5hbWU6cGFzc3dvcmQ=", "dXNlcjo=", Buffer.from("user:changeme").toString("base64")]) expect(mask(`Authorization: Basic ${value}`).text).toBe(`Authorization: Basic ${value}`);
  });
  test("the default policy's output stage lets a coding answer with placeholder credentials through, not a real one", async () => {
    const policy = loadPolicyFile("default", `${import.meta.dir}/../../policies/default.yaml`);
    const answer = [
      "Call the API with your token in the header:",
      'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/items',
      "or in Python: headers = {\"Authorization\": f\"Bearer {token}\"}. For Basic auth, send",
      "Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ= (base64 of username:password), or curl -u username:password https://api.example.com.",
    ].join("\n");
    expect((await guardText(policy, "output", answer)).response.allowed).toBe(true);
    expect((await guardText(policy, "output", "Use: curl -H 'Authorization: Bearer 7Fq2xLp9Zs4Kd8Wm' https://ci.internal")).response.allowed).toBe(false);
  });
  test("permissive leaves them, like other assignments", () => {
    expect(mask("Authorization: Bearer abc123def456ghi789", { threshold: "permissive" }).text).toBe("Authorization: Bearer abc123def456ghi789");
  });
  test("linear time on hostile inputs", () => {
    const m = createSecretKeysMasker({});
    for (const unit of ["Authorization: Bearer ", "authorization:", "curl -u a:", "-u a:b ", "--user=", "Basic "]) {
      expectLinear(`SecretKeys on ${JSON.stringify(unit)}`, (t) => m.mask(t), unit);
    }
  });
});

describe("SecretKeys: passwords on command lines and in run-together variable names", () => {
  // Written before the rules.
  const masked: [string, string][] = [
    ["PGPASSWORD=Xk29sLq psql -h db -U app", "PGPASSWORD=<SECRET_KEY> psql -h db -U app"],
    ["export DBPASSWORD='n3wP4ss!'", "export DBPASSWORD='<SECRET_KEY>'"],
    ["mysql -u root -pXk29sLq prod", "mysql -u root -p<SECRET_KEY> prod"],
    ["mysqldump -h db -u backup -p'Tr0ub4dor' shop > shop.sql", "mysqldump -h db -u backup -p'<SECRET_KEY>' shop > shop.sql"],
    ["sshpass -p 'Xk29sLq' ssh deploy@10.0.0.5", "sshpass -p '<SECRET_KEY>' ssh deploy@10.0.0.5"],
    ["docker login -u ci -p Xk29sLq registry.example.com", "docker login -u ci -p <SECRET_KEY> registry.example.com"],
  ];
  const left = [
    "mysql -u root -p prod",
    "mysql -u root -p",
    "docker run -p 8080:80 nginx",
    "ssh -p 2222 deploy@host",
    "docker login -u ci -p $REGISTRY_PASSWORD registry.example.com",
    "docker login --password-stdin",
    "sshpass -p \"$SSHPASS\" ssh host",
    "Set PGPASSWORD=$PGPASS before running psql.",
    "export DBPASSWORD=changeme",
    "The variable PGPASSWORD holds the password psql uses.",
    "pip install -p 3 packages",
  ];
  test("the password is masked", () => {
    expectMasked(masked);
  });
  test("ports, prompts for a password, references and placeholders are left", () => {
    expectLeft(left);
  });
  test("a port beside the word login, and names ending in PASS, are left (found while writing the rule)", () => {
    expectLeft(["I cannot login: ssh -p 2222 deploy@host says connection refused", "login page at localhost -p 3000", "COMPASS=north", "BYPASS_CACHE=always"]);
  });
  test("linear time on hostile inputs", () => {
    const m = createSecretKeysMasker({});
    for (const unit of ["mysql -pa", "-p x ", "sshpass -p ", "docker login -p a ", "PGPASSWORD=", "XPASSWORD"]) {
      expectLinear(`SecretKeys on ${JSON.stringify(unit)}`, (t) => m.mask(t), unit);
    }
  });
});

describe("SecretKeys: .netrc entries", () => {
  // Written before the rule.
  test("the password of a machine entry is masked, on one line or several", () => {
    expect(mask("machine api.heroku.com login me@x.io password 9f8e7d6c-5b4a-3928-1706-152433425160").text).toBe("machine api.heroku.com login me@x.io password <SECRET_KEY>");
    expect(mask("machine git.example.org\n  login deploy\n  password Tr0ub4dor&3\n").text).toBe("machine git.example.org\n  login deploy\n  password <SECRET_KEY>\n");
  });
  test("the word password in prose, or after a login form's text, is left", () => {
    for (const text of ["Enter your login and password below.", "The machine asks for a login, then password twice.", "login with password authentication disabled", "machine learning login page: password reset link expired"]) {
      expect(mask(text).text).toBe(text);
    }
  });
  test("linear time on hostile inputs", () => {
    const m = createSecretKeysMasker({});
    for (const unit of ["machine a.b login c password d ", "password xyzw ", "machine a.b "]) {
      expectLinear(`SecretKeys on ${JSON.stringify(unit)}`, (t) => m.mask(t), unit);
    }
  });
});
