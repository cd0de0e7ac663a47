/** Hand-written word lists for the NER lexicon. Lower case; multi-word entries allowed. */

/** Nationalities and other national, ethnic and regional groups, as adjectives and nouns. */
export const NATIONALITIES = `afghan albanian algerian american andorran angolan antiguan argentine argentinian armenian australian austrian azerbaijani azeri
bahamian bahraini bangladeshi barbadian belarusian belgian belizean beninese bhutanese bolivian bosnian botswanan brazilian british bruneian bulgarian
burkinabe burmese burundian cambodian cameroonian canadian cape verdean chadian chilean chinese colombian comoran congolese costa rican croatian cuban
cypriot czech danish djiboutian dominican dutch ecuadorian ecuadorean egyptian emirati english equatorial guinean eritrean estonian ethiopian fijian
filipino finnish french gabonese gambian georgian german ghanaian greek grenadian guatemalan guinean guyanese haitian honduran hungarian icelandic icelander
indian indonesian iranian iraqi irish israeli italian ivorian jamaican japanese jordanian kazakh kazakhstani kenyan kuwaiti kyrgyz lao laotian latvian
lebanese liberian libyan liechtensteiner lithuanian luxembourgish luxembourger macedonian malagasy malawian malaysian maldivian malian maltese marshallese
mauritanian mauritian mexican micronesian moldovan monegasque mongolian montenegrin moroccan mozambican namibian nauruan nepali nepalese new zealander
nicaraguan nigerian nigerien north korean norwegian omani pakistani palauan palestinian panamanian papua new guinean paraguayan peruvian polish portuguese
qatari romanian russian rwandan salvadoran samoan saudi scottish scots senegalese serbian seychellois sierra leonean singaporean slovak slovakian slovenian
solomon islander somali south african south korean south sudanese spanish sri lankan sudanese surinamese swazi swedish swiss syrian taiwanese tajik tanzanian
thai togolese tongan trinidadian tunisian turkish turkmen tuvaluan ugandan ukrainian uruguayan uzbek vanuatuan venezuelan vietnamese welsh yemeni zambian
zimbabwean chechen greenlander greenlandic kurdish kurd basque catalan flemish walloon breton corsican sardinian sicilian tibetan uyghur tatar bavarian
cornish manx faroese sami roma romani arab arabian persian hispanic latino latina asian african european caucasian slavic nordic scandinavian balkan
berber bedouin pashtun punjabi tamil bengali gujarati marathi sindhi zulu xhosa igbo yoruba hausa maori aboriginal inuit cherokee navajo sioux hmong khmer
malay javanese sundanese cantonese hakka englishman englishmen frenchman frenchmen dutchman dutchmen scotsman scotsmen irishman irishmen welshman welshmen
brit brits yankee anglo québécois quebecois kosovar bosniak montserratian bermudian puerto rican guamanian aruban curaçaoan hong konger macanese
afrikaner celtic gaelic ossetian abkhaz circassian dagestani avar ingush bashkir chuvash mordvin udmurt yakut buryat kalmyk karelian sorbian frisian`;

export const RELIGIONS = `christian christians catholic catholics protestant protestants orthodox anglican anglicans lutheran lutherans methodist methodists
baptist baptists presbyterian presbyterians evangelical evangelicals pentecostal mormon mormons muslim muslims moslem islamic sunni sunnis shia shias
shiite shiites shii shiis jewish jew jews judaist hindu hindus hinduist buddhist buddhists sikh sikhs jain jains bahai baha'i zoroastrian taoist shinto
atheist atheists agnostic agnostics quaker quakers amish coptic copts druze alawite alawites ismaili wahhabi salafi sufi hasidic rastafarian`;

export const POLITICAL = `democrat democrats republican republicans conservative conservatives liberal liberals labour socialist socialists communist
communists libertarian libertarians tory tories whig marxist marxists leninist maoist trotskyist fascist fascists nazi nazis anarchist anarchists
nationalist nationalists progressive progressives populist populists centrist centrists unionist unionists loyalist loyalists separatist separatists
zionist zionists bolshevik bolsheviks menshevik jacobin neoliberal neocon neocons greens`;

export const TITLES = `mr mrs ms miss mx dr prof professor sir madam madame dame lord lady rev reverend fr father sister brother hon capt captain sgt sergeant
lt lieutenant col colonel gen general maj major cmdr commander adm admiral pres president gov governor sen senator rep judge justice herr frau mme mlle
sr sra srta sig sigra dott dottssa don doña dona monsieur mademoiselle señor señora senhor senhora signor signora`;

export const UNITS = `suite ste apt apartment unit box po p.o. pobox floor fl room rm building bldg flat no nr dept department lot slip space stop trailer
pier hangar hnr ph penthouse basement bsmt lower upper front rear side office key psc cmr apo fpo dpo usns usnv uscgc uss ae aa ap`;

export const ORG_SUFFIXES = `inc incorporated ltd limited llc llp lp plc corp corporation co company gmbh ag kg sa sas sarl srl spa bv nv ab oy oyj as asa aps
kk pty pvt group holdings holding industries international global solutions systems technologies technology services consulting partners associates
bank university institute foundation association society ministry agency orchestra club hospital school college church restaurant hotel airlines
airways motors labs laboratories studios media entertainment network networks press publishing records ventures capital fund trust council committee
commission federation union league party team magazine journal times post news`;

export const CONNECTORS = `de del della delle dei degli di da das do dos du des la le les van von der den ten ter vande zu zum zur y e i bin ibn bint al el
ben abu mac mc o' st st. saint san santa santo são`;

export const CALENDAR = `january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun`;

/** Street types in the languages the address data uses; faker adds more per locale. */
export const STREET_SUFFIXES = `street st avenue ave av road rd boulevard blvd drive dr lane ln court ct place pl square sq terrace ter way close crescent cres
parkway pkwy highway hwy circle cir trail trl alley aly row gardens grove hill park walk path plaza mews rise vale view loop run pass pike crossing
expressway freeway turnpike causeway esplanade embankment quay wharf strand parade promenade drive green common gate heights point ridge creek
straße strasse str weg gasse platz allee ring damm ufer chaussee steig pfad rue chemin impasse allée quai cours via viale piazza corso vicolo largo
calle avenida plaza paseo carrera camino ronda travesía rua travessa praça alameda estrada katu tie kuja polku kaari gatan vägen gränd gata gade vej
vei veien gate straat laan plein utca út tér körút ulica ul aleja al plac náměstí třída ulice cesta nábřeží ulitsa prospekt pereulok sokak cadde
caddesi bulvar odos leoforos plateia`;

/** Function words and other everyday words that start sentences but are never names. */
export const COMMON_EXTRA = `i i'm i'll i've i'd a an the this that these those my your his her its our their it we you he she they me him us them what
why how when where who whom whose which can could would should will shall may might must do does did is are was were be been being have has had
please thanks thank hi hello hey dear yes no not and but or if so then also just here there now today yesterday tomorrow tonight ok okay sure well
let let's after before since until while because although though however therefore meanwhile first second third next last finally also all any some
each every many much more most other another such only own same both either neither nor than too very can't won't don't isn't aren't wasn't weren't
what's it's that's there's here's who's where's how's great good nice new old big small best better my mine yours hers ours theirs one two three four
five six seven eight nine ten hundred thousand million billion`;

/**
 * Technical terms, products and units that prompts to a model capitalise all the time and that
 * are neither people nor places: "Write a Python function", "convert to Celsius".
 */
export const TECH = `python java javascript typescript ruby swift kotlin scala perl php rust go golang haskell erlang elixir clojure lisp scheme
fortran cobol pascal delphi dart lua julia matlab octave r sas stata groovy objective-c c c++ c# f# vb vba visual basic assembly bash shell zsh
powershell cmd sql mysql postgresql postgres sqlite oracle mongodb redis cassandra dynamodb elasticsearch kafka rabbitmq spark hadoop hive
html css sass less xml json yaml toml csv tsv markdown latex pdf docx xlsx pptx svg png jpeg jpg gif http https tcp udp ip dns ssh ftp smtp
imap pop3 tls ssl oauth jwt rest graphql grpc soap websocket api apis sdk cli gui ui ux url uri uuid ascii utf unicode regex
linux unix ubuntu debian fedora centos redhat windows macos ios android chrome firefox safari edge chromium node nodejs deno bun npm yarn pnpm
pip conda docker kubernetes k8s helm terraform ansible jenkins git github gitlab bitbucket jira confluence slack zoom teams excel word powerpoint
outlook access onenote sharepoint react angular vue svelte nextjs next nuxt express django flask fastapi spring rails laravel symfony dotnet
.net asp jquery bootstrap tailwind webpack vite babel eslint jest mocha pytest junit selenium cypress pandas numpy scipy matplotlib seaborn
tensorflow pytorch keras sklearn scikit-learn opencv nltk spacy huggingface transformers gpt chatgpt openai llm llms bert llama claude gemini
aws azure gcp firebase heroku vercel netlify cloudflare s3 ec2 lambda celsius fahrenheit kelvin kilogram kilometer kilometre metre meter
mile miles pound pounds ounce liter litre gallon watt volt ampere joule newton pascal hertz byte bytes kb mb gb tb cpu gpu ram ssd hdd usb
wifi bluetooth lan vpn http2 ipv4 ipv6 mac iphone ipad pixel galaxy kindle xbox playstation nintendo minecraft fortnite excel sheets docs
console system string integer int float double boolean bool char array list dict dictionary map set tuple object class function method
module package library framework null none true false nan undefined void main init self this super print println printf stdout stdin stderr
gateway primary serial bigserial varchar nvarchar timestamp timestamptz datetime smallint bigint tinyint blob clob jsonb upsert truncate
utc gmt cet cest eet est edt cst cdt mst mdt pst pdt jst kst aest bst
bp bpm mmhg spo2 ecg ekg mri bmi ldl hdl
ai ml nlp agi rag iot saas paas iaas crm erp qa hr devops mlops ide orm cdn`;

/** Companies and brands that appear in prompts as organisations, never as people. */
export const COMPANIES = `microsoft google alphabet apple amazon meta facebook instagram whatsapp twitter netflix tesla ibm intel nvidia amd qualcomm
samsung sony lg huawei xiaomi lenovo dell hp asus acer cisco oracle sap salesforce adobe uber lyft airbnb spotify paypal stripe shopify ebay
alibaba tencent baidu bytedance tiktok linkedin reddit youtube wikipedia mozilla anthropic deepmind nasa fbi cia nato unesco unicef who
walmart costco target starbucks mcdonald's mcdonalds nike adidas coca-cola pepsi toyota honda ford bmw mercedes volkswagen audi porsche
ferrari boeing airbus visa mastercard amex deloitte kpmg pwc accenture mckinsey`;

/**
 * Names of identifiers and the words around them, in the languages of the formats we detect:
 * capitalised before a number ("IBAN GB82...", "Codice fiscale ..."), they are not names.
 */
export const ID_TERMS = `iban bic swift itin ssn ein tin dea npi nhs nino pesel nric fin uen abn acn tfn medicare pan aadhaar uid uidai epic hkid rrn
cvv cvc vat iva dni nie nif cif cf cie passport passaporto pasaporte passeport reisepass licence license patente permis carta tarjeta
codice fiscale partita numero número numer nr id identità identity documento henkilötunnus hetu personnummer fødselsnummer steuernummer
sozialversicherungsnummer identificación card account routing sort code taxpayer prescriber registration`;
