-- Match: the resumes that best fit a parsed JD (test/fixtures/sql/jd-pl.json, Warsaw): candidate tiers, entity, distance and keyword scores, explained.
-- POST /searchengine/match
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"match":{"docType":"JD","jsonData":"<base64 of test/fixtures/sql/jd-pl.json>"},"explainScore":true,"explainScoreType":"json","pageSize":10}
--
-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand
-- (sql/README.md). $n values are the text the server receives.

-- statement 1 of 5
-- $1 = '<sha-256 of the client key>'
select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
       plugins, index_quota as "indexQuota", sub_user_limit as "subUserLimit"
  from accounts
 where key_hash = $1;

-- statement 2 of 5
begin;

-- statement 3 of 5
-- $1 = 'resume_search_tenant'
-- $2 = '1'
select set_config('role', $1, true),
                     set_config('resume_search.account_id', $2, true),
                     set_config('jit', 'off', true),
                     set_config('work_mem', '32MB', true),
                     set_config('max_parallel_workers_per_gather', '0', true);

-- statement 4 of 5
-- $1 = '1'
-- $2 = 'Resume'
-- $3 = '{"{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:22\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:22\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:22\"]}"}'
-- $4 = '{"{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:22\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:22\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:22\"]}"}'
-- $5 = '21.01178'
-- $6 = '52.22977'
-- $7 = '100000'
-- $8 = '1'
-- $9 = 'Resume'
-- $10 = '{"SkillHaveExp":["java"]}'
-- $11 = '{"SkillWithoutExp":["java"]}'
-- $12 = '{"SkillHaveExp":["spring boot"]}'
-- $13 = '{"SkillWithoutExp":["spring boot"]}'
-- $14 = '{"SkillHaveExp":["apache kafka"]}'
-- $15 = '{"SkillWithoutExp":["apache kafka"]}'
-- $16 = '{"SkillHaveExp":["kubernetes"]}'
-- $17 = '{"SkillWithoutExp":["kubernetes"]}'
-- $18 = '{"SkillHaveExp":["python"]}'
-- $19 = '{"SkillWithoutExp":["python"]}'
-- $20 = '500'
-- $21 = '1'
-- $22 = 'Resume'
-- $23 = '{"{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:51:22\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:52:22\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:19\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:20\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:21\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"1:53:22\"]}"}'
-- $24 = '{"{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:51:22\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:52:22\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:19\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:20\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:21\"]}","{\"JobProfile\":[\"senior java developer\"],\"GeoCell\":[\"1:53:22\"]}"}'
-- $25 = '21.01178'
-- $26 = '52.22977'
-- $27 = '100000'
-- $28 = '1'
-- $29 = 'Resume'
-- $30 = '{"SkillHaveExp":["java"]}'
-- $31 = '{"SkillWithoutExp":["java"]}'
-- $32 = '{"SkillHaveExp":["spring boot"]}'
-- $33 = '{"SkillWithoutExp":["spring boot"]}'
-- $34 = '{"SkillHaveExp":["apache kafka"]}'
-- $35 = '{"SkillWithoutExp":["apache kafka"]}'
-- $36 = '{"SkillHaveExp":["kubernetes"]}'
-- $37 = '{"SkillWithoutExp":["kubernetes"]}'
-- $38 = '{"SkillHaveExp":["python"]}'
-- $39 = '{"SkillWithoutExp":["python"]}'
-- $40 = '500'
-- $41 = '500'
-- $42 = '1'
-- $43 = 'Resume'
-- $44 = '{"JobProfile":["java developer"]}'
-- $45 = '{"JobProfile":["senior java developer"]}'
-- $46 = '1'
-- $47 = 'Resume'
-- $48 = '{"SkillHaveExp":["java"]}'
-- $49 = '{"SkillWithoutExp":["java"]}'
-- $50 = '{"SkillHaveExp":["spring boot"]}'
-- $51 = '{"SkillWithoutExp":["spring boot"]}'
-- $52 = '{"SkillHaveExp":["apache kafka"]}'
-- $53 = '{"SkillWithoutExp":["apache kafka"]}'
-- $54 = '{"SkillHaveExp":["kubernetes"]}'
-- $55 = '{"SkillWithoutExp":["kubernetes"]}'
-- $56 = '{"SkillHaveExp":["python"]}'
-- $57 = '{"SkillWithoutExp":["python"]}'
-- $58 = '500'
-- $59 = '1'
-- $60 = 'Resume'
-- $61 = '{"JobProfile":["java developer"]}'
-- $62 = '{"JobProfile":["senior java developer"]}'
-- $63 = '1'
-- $64 = 'Resume'
-- $65 = '{"SkillHaveExp":["java"]}'
-- $66 = '{"SkillWithoutExp":["java"]}'
-- $67 = '{"SkillHaveExp":["spring boot"]}'
-- $68 = '{"SkillWithoutExp":["spring boot"]}'
-- $69 = '{"SkillHaveExp":["apache kafka"]}'
-- $70 = '{"SkillWithoutExp":["apache kafka"]}'
-- $71 = '{"SkillHaveExp":["kubernetes"]}'
-- $72 = '{"SkillWithoutExp":["kubernetes"]}'
-- $73 = '{"SkillHaveExp":["python"]}'
-- $74 = '{"SkillWithoutExp":["python"]}'
-- $75 = '500'
-- $76 = '500'
-- $77 = '1'
-- $78 = 'Resume'
-- $79 = '{"JobProfile":["java developer"]}'
-- $80 = '{"JobProfile":["senior java developer"]}'
-- $81 = '1'
-- $82 = 'Resume'
-- $83 = '500'
-- $84 = '1'
-- $85 = 'Resume'
-- $86 = '{"JobProfile":["java developer"]}'
-- $87 = '{"JobProfile":["senior java developer"]}'
-- $88 = '1'
-- $89 = 'Resume'
-- $90 = '500'
-- $91 = '500'
-- $92 = '1'
-- $93 = 'Resume'
-- $94 = '{"SkillHaveExp":["java"]}'
-- $95 = '{"SkillWithoutExp":["java"]}'
-- $96 = '1'
-- $97 = 'Resume'
-- $98 = '500'
-- $99 = '1'
-- $100 = 'Resume'
-- $101 = '{"SkillHaveExp":["java"]}'
-- $102 = '{"SkillWithoutExp":["java"]}'
-- $103 = '1'
-- $104 = 'Resume'
-- $105 = '500'
-- $106 = '500'
-- $107 = '1'
-- $108 = 'Resume'
-- $109 = '{"SkillHaveExp":["spring boot"]}'
-- $110 = '{"SkillWithoutExp":["spring boot"]}'
-- $111 = '1'
-- $112 = 'Resume'
-- $113 = '500'
-- $114 = '1'
-- $115 = 'Resume'
-- $116 = '{"SkillHaveExp":["spring boot"]}'
-- $117 = '{"SkillWithoutExp":["spring boot"]}'
-- $118 = '1'
-- $119 = 'Resume'
-- $120 = '500'
-- $121 = '500'
-- $122 = '1'
-- $123 = 'Resume'
-- $124 = '{"SkillHaveExp":["apache kafka"]}'
-- $125 = '{"SkillWithoutExp":["apache kafka"]}'
-- $126 = '1'
-- $127 = 'Resume'
-- $128 = '500'
-- $129 = '1'
-- $130 = 'Resume'
-- $131 = '{"SkillHaveExp":["apache kafka"]}'
-- $132 = '{"SkillWithoutExp":["apache kafka"]}'
-- $133 = '1'
-- $134 = 'Resume'
-- $135 = '500'
-- $136 = '500'
-- $137 = '1'
-- $138 = 'Resume'
-- $139 = '{"SkillHaveExp":["kubernetes"]}'
-- $140 = '{"SkillWithoutExp":["kubernetes"]}'
-- $141 = '1'
-- $142 = 'Resume'
-- $143 = '500'
-- $144 = '1'
-- $145 = 'Resume'
-- $146 = '{"SkillHaveExp":["kubernetes"]}'
-- $147 = '{"SkillWithoutExp":["kubernetes"]}'
-- $148 = '1'
-- $149 = 'Resume'
-- $150 = '500'
-- $151 = '500'
-- $152 = '1'
-- $153 = 'Resume'
-- $154 = '{"SkillHaveExp":["python"]}'
-- $155 = '{"SkillWithoutExp":["python"]}'
-- $156 = '1'
-- $157 = 'Resume'
-- $158 = '500'
-- $159 = '1'
-- $160 = 'Resume'
-- $161 = '{"SkillHaveExp":["python"]}'
-- $162 = '{"SkillWithoutExp":["python"]}'
-- $163 = '1'
-- $164 = 'Resume'
-- $165 = '500'
-- $166 = '500'
-- $167 = '500'
-- $168 = '1'
-- $169 = 'Resume'
-- $170 = '{"Degree":["master''s degree"]}'
-- $171 = '1'
-- $172 = 'Resume'
-- $173 = '500'
-- $174 = '1'
-- $175 = 'Resume'
-- $176 = '{"Degree":["master''s degree"]}'
-- $177 = '1'
-- $178 = 'Resume'
-- $179 = '500'
-- $180 = '500'
-- $181 = '1'
-- $182 = 'Resume'
-- $183 = '{"Degree":["master"]}'
-- $184 = '1'
-- $185 = 'Resume'
-- $186 = '500'
-- $187 = '1'
-- $188 = 'Resume'
-- $189 = '{"Degree":["master"]}'
-- $190 = '1'
-- $191 = 'Resume'
-- $192 = '500'
-- $193 = '500'
-- $194 = '1'
-- $195 = 'Resume'
-- $196 = '{"Degree":["magister"]}'
-- $197 = '1'
-- $198 = 'Resume'
-- $199 = '500'
-- $200 = '1'
-- $201 = 'Resume'
-- $202 = '{"Degree":["magister"]}'
-- $203 = '1'
-- $204 = 'Resume'
-- $205 = '500'
-- $206 = '500'
-- $207 = '1'
-- $208 = 'Resume'
-- $209 = '{"Degree":["doctorate"]}'
-- $210 = '1'
-- $211 = 'Resume'
-- $212 = '500'
-- $213 = '1'
-- $214 = 'Resume'
-- $215 = '{"Degree":["doctorate"]}'
-- $216 = '1'
-- $217 = 'Resume'
-- $218 = '500'
-- $219 = '500'
-- $220 = '1'
-- $221 = 'Resume'
-- $222 = '{"Employer":["allegro sp. z o.o."]}'
-- $223 = '1'
-- $224 = 'Resume'
-- $225 = '500'
-- $226 = '1'
-- $227 = 'Resume'
-- $228 = '{"Employer":["allegro sp. z o.o."]}'
-- $229 = '1'
-- $230 = 'Resume'
-- $231 = '500'
-- $232 = '500'
-- $233 = '1'
-- $234 = 'Resume'
-- $235 = '{"LanguageKnown":["english"]}'
-- $236 = '1'
-- $237 = 'Resume'
-- $238 = '500'
-- $239 = '1'
-- $240 = 'Resume'
-- $241 = '{"LanguageKnown":["english"]}'
-- $242 = '1'
-- $243 = 'Resume'
-- $244 = '500'
-- $245 = '500'
-- $246 = '1'
-- $247 = 'Resume'
-- $248 = '{"LanguageKnown":["en"]}'
-- $249 = '1'
-- $250 = 'Resume'
-- $251 = '500'
-- $252 = '1'
-- $253 = 'Resume'
-- $254 = '{"LanguageKnown":["en"]}'
-- $255 = '1'
-- $256 = 'Resume'
-- $257 = '500'
-- $258 = '500'
-- $259 = '500'
-- $260 = '1000'
-- $261 = '1'
-- $262 = 'Resume'
-- $263 = 'JD'
-- $264 = '{"JDParsedData":{"OutputVersion":"3","JDFileName":"","ParsingDate":"2026-11-26T07:34:29.194Z","JDLanguage":{"Language":"Polish","LanguageCode":"pl"},"JobProfile":{"Title":"Senior Java Developer","FormattedName":"Java Developer","Alias":"","RelatedSkills":["Java","Spring Boot","Spring Framework","Hibernate","SQL","Maven","REST APIs","Microservices","JUnit","Git"]},"Organization":"Allegro sp. z o.o.","StaffingAgency":"","JobLocation":{"Location":"Warszawa","City":"Warsaw","State":"Masovian Voivodeship","Country":"Poland","IsoCountryCode":"PL","ZipCode":"","Latitude":"52.22977","Longitude":"21.01178"},"JobCode":"","JobType":"Contract","JobShift":"","WorkMode":"Remote","IndustryType":"","ContractDuration":"","Interview":{"Type":"","Date":"","Time":"","Location":""},"PreferredDemographic":{"Nationality":"","AgeLimit":""},"ExperienceRequired":{"MinimumYearsExperience":"4","MaximumYearsExperience":""},"SalaryOffered":{"MinAmount":"18000","MaxAmount":"24000","Currency":"PLN","Units":"Monthly"},"Languages":[{"Language":"English","LanguageCode":"en","Level":"B2"}],"Domains":[],"Qualifications":{"Required":[{"Degree":"magister","NormalizeDegree":"Master''s Degree","Level":"Master"}],"Preferred":[]},"Certifications":{"Required":[],"Preferred":[]},"Skills":{"Required":[{"Skill":"Java","FormattedName":"Java","Type":"OperationalSkill","Alias":""},{"Skill":"Spring Boot","FormattedName":"Spring Boot","Type":"OperationalSkill","Alias":""},{"Skill":"Kafka","FormattedName":"Apache Kafka","Type":"OperationalSkill","Alias":"Kafka"}],"Preferred":[{"Skill":"Kubernetes","FormattedName":"Kubernetes","Type":"OperationalSkill","Alias":""},{"Skill":"Pythona","FormattedName":"Python","Type":"OperationalSkill","Alias":""}]},"Category":"Information Technology","SubCategory":"Software Development","JobDescription":"Senior Java Developer (K/M)\nAllegro sp. z o.o.\nLokalizacja: Warszawa\nWynagrodzenie: 18 000 - 24 000 PLN netto miesięcznie (B2B)\n\nNasze wymagania\n• minimum 4 lata doświadczenia w programowaniu w Javie\n• bardzo dobra znajomość Spring Boot i Kafka\n• znajomość języka angielskiego na poziomie B2\n• wykształcenie wyższe (magister) z informatyki\n\nMile widziane\n• doświadczenie z Kubernetes\n• znajomość Pythona\n\nOferujemy\n• pracę zdalną lub hybrydową"}}'
-- $265 = 'ResumeLanguage'
-- $266 = '{"polish","pl"}'
-- $267 = '{"CurrentJobProfile":["java developer"]}'
-- $268 = '{"CurrentJobProfile":["senior java developer"]}'
-- $269 = '10.53'
-- $270 = '{"JobProfile":["java developer"]}'
-- $271 = '{"JobProfile":["senior java developer"]}'
-- $272 = '4.21'
-- $273 = '4.21'
-- $274 = '{"JobProfileYears":["java developer|1"]}'
-- $275 = '{"JobProfileYears":["java developer|2"]}'
-- $276 = '{"JobProfileYears":["java developer|3"]}'
-- $277 = '3'
-- $278 = '{"SubCategory":["software development"]}'
-- $279 = '2.11'
-- $280 = '3.37'
-- $281 = '{"SkillHaveExp":["java"]}'
-- $282 = '{"SkillHaveExp":["spring boot"]}'
-- $283 = '{"SkillHaveExp":["apache kafka"]}'
-- $284 = '3'
-- $285 = '2.95'
-- $286 = '{"SkillHaveExp":["java"]}'
-- $287 = '{"SkillWithoutExp":["java"]}'
-- $288 = '{"SkillHaveExp":["spring boot"]}'
-- $289 = '{"SkillWithoutExp":["spring boot"]}'
-- $290 = '{"SkillHaveExp":["apache kafka"]}'
-- $291 = '{"SkillWithoutExp":["apache kafka"]}'
-- $292 = '3'
-- $293 = '2.11'
-- $294 = '{"SkillHaveExp":["kubernetes"]}'
-- $295 = '{"SkillWithoutExp":["kubernetes"]}'
-- $296 = '{"SkillHaveExp":["python"]}'
-- $297 = '{"SkillWithoutExp":["python"]}'
-- $298 = '2'
-- $299 = '{"Degree":["master''s degree"]}'
-- $300 = '{"Degree":["master"]}'
-- $301 = '{"Degree":["magister"]}'
-- $302 = '{"Degree":["doctorate"]}'
-- $303 = '2.11'
-- $304 = '{"Employer":["allegro sp. z o.o."]}'
-- $305 = '2.11'
-- $306 = '2.11'
-- $307 = '{"LanguageKnown":["english"]}'
-- $308 = '{"LanguageKnown":["en"]}'
-- $309 = '2'
-- $310 = '4.18'
-- $311 = '48'
-- $312 = '1'
-- $313 = '20'
-- $314 = '21.01178'
-- $315 = '52.22977'
-- $316 = '100000'
-- $317 = '100000'
-- $318 = '40'
-- $319 = '0'
-- $320 = '10'
-- $321 = '0'
-- $322 = '21.01178'
-- $323 = '52.22977'
-- $324 = '{"CurrentJobProfile":["java developer"]}'
-- $325 = '{"CurrentJobProfile":["senior java developer"]}'
-- $326 = '10.53'
-- $327 = '10.53'
-- $328 = 'CurrentJobProfile'
-- $329 = 'Optional'
-- $330 = 'Java Developer, Senior Java Developer'
-- $331 = '{"JobProfile":["java developer"]}'
-- $332 = '{"JobProfile":["senior java developer"]}'
-- $333 = '4.21'
-- $334 = '4.21'
-- $335 = 'JobProfile'
-- $336 = 'Optional'
-- $337 = 'Java Developer, Senior Java Developer'
-- $338 = '4.21'
-- $339 = '{"JobProfileYears":["java developer|1"]}'
-- $340 = '{"JobProfileYears":["java developer|2"]}'
-- $341 = '{"JobProfileYears":["java developer|3"]}'
-- $342 = '3'
-- $343 = '4.21'
-- $344 = 'JobProfileExperience'
-- $345 = 'Optional'
-- $346 = 'Java Developer 1+ years, Java Developer 2+ years, Java Developer 3+ years'
-- $347 = '{"SubCategory":["software development"]}'
-- $348 = '2.11'
-- $349 = '2.11'
-- $350 = 'JobFamily'
-- $351 = 'Optional'
-- $352 = 'Software Development'
-- $353 = '3.37'
-- $354 = '{"SkillHaveExp":["java"]}'
-- $355 = '{"SkillHaveExp":["spring boot"]}'
-- $356 = '{"SkillHaveExp":["apache kafka"]}'
-- $357 = '3'
-- $358 = '3.37'
-- $359 = 'RequiredSkillSet'
-- $360 = 'Optional'
-- $361 = 'Java, Spring Boot, Apache Kafka'
-- $362 = '2.95'
-- $363 = '{"SkillHaveExp":["java"]}'
-- $364 = '{"SkillWithoutExp":["java"]}'
-- $365 = '{"SkillHaveExp":["spring boot"]}'
-- $366 = '{"SkillWithoutExp":["spring boot"]}'
-- $367 = '{"SkillHaveExp":["apache kafka"]}'
-- $368 = '{"SkillWithoutExp":["apache kafka"]}'
-- $369 = '3'
-- $370 = '2.95'
-- $371 = 'RequiredSkillSet'
-- $372 = 'Optional'
-- $373 = 'Java, Spring Boot, Apache Kafka'
-- $374 = '2.11'
-- $375 = '{"SkillHaveExp":["kubernetes"]}'
-- $376 = '{"SkillWithoutExp":["kubernetes"]}'
-- $377 = '{"SkillHaveExp":["python"]}'
-- $378 = '{"SkillWithoutExp":["python"]}'
-- $379 = '2'
-- $380 = '2.11'
-- $381 = 'PerferredSkillSet'
-- $382 = 'Optional'
-- $383 = 'Kubernetes, Python'
-- $384 = '{"Degree":["master''s degree"]}'
-- $385 = '{"Degree":["master"]}'
-- $386 = '{"Degree":["magister"]}'
-- $387 = '{"Degree":["doctorate"]}'
-- $388 = '2.11'
-- $389 = '2.11'
-- $390 = 'QualificationsRequired'
-- $391 = 'Optional'
-- $392 = 'Master''s Degree, master, magister, doctorate'
-- $393 = '{"Employer":["allegro sp. z o.o."]}'
-- $394 = '2.11'
-- $395 = '2.11'
-- $396 = 'Organization'
-- $397 = 'Optional'
-- $398 = 'Allegro sp. z o.o.'
-- $399 = '2.11'
-- $400 = '{"LanguageKnown":["english"]}'
-- $401 = '{"LanguageKnown":["en"]}'
-- $402 = '2'
-- $403 = '2.11'
-- $404 = 'Languages'
-- $405 = 'Optional'
-- $406 = 'English, en'
-- $407 = '4.18'
-- $408 = '48'
-- $409 = '1'
-- $410 = '4.18'
-- $411 = 'ExperienceRequired'
-- $412 = 'Optional'
-- $413 = '4+ years'
-- $414 = '20'
-- $415 = '21.01178'
-- $416 = '52.22977'
-- $417 = '100000'
-- $418 = '100000'
-- $419 = '20'
-- $420 = '21.01178'
-- $421 = '52.22977'
-- $422 = '40'
-- $423 = '40'
-- $424 = '1'
-- $425 = 'Resume'
with candidates as materialized (select distinct t.row_id from (select u.row_id from ((select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $1 and d.index_type = $2 and (d.entities @> any($3::jsonb[]) or d.entities @> any($4::jsonb[])) and _st_dwithin(d.location, st_setsrid(st_makepoint($5, $6), 4326)::geography, $7, true) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $8 and d.index_type = $9 and true and ((d.entities @> $10::jsonb or d.entities @> $11::jsonb) or (d.entities @> $12::jsonb or d.entities @> $13::jsonb) or (d.entities @> $14::jsonb or d.entities @> $15::jsonb) or (d.entities @> $16::jsonb or d.entities @> $17::jsonb) or (d.entities @> $18::jsonb or d.entities @> $19::jsonb))
        limit $20) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $21 and d.index_type = $22 and (d.entities @> any($23::jsonb[]) or d.entities @> any($24::jsonb[])) and _st_dwithin(d.location, st_setsrid(st_makepoint($25, $26), 4326)::geography, $27, true) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $28 and d.index_type = $29 and true and ((d.entities @> $30::jsonb or d.entities @> $31::jsonb) or (d.entities @> $32::jsonb or d.entities @> $33::jsonb) or (d.entities @> $34::jsonb or d.entities @> $35::jsonb) or (d.entities @> $36::jsonb or d.entities @> $37::jsonb) or (d.entities @> $38::jsonb or d.entities @> $39::jsonb))
        limit $40)) s limit $41) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $42 and d.index_type = $43 and ((d.entities @> $44::jsonb) or (d.entities @> $45::jsonb)) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $46 and d.index_type = $47 and true and ((d.entities @> $48::jsonb or d.entities @> $49::jsonb) or (d.entities @> $50::jsonb or d.entities @> $51::jsonb) or (d.entities @> $52::jsonb or d.entities @> $53::jsonb) or (d.entities @> $54::jsonb or d.entities @> $55::jsonb) or (d.entities @> $56::jsonb or d.entities @> $57::jsonb))
        limit $58) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $59 and d.index_type = $60 and ((d.entities @> $61::jsonb) or (d.entities @> $62::jsonb)) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $63 and d.index_type = $64 and true and ((d.entities @> $65::jsonb or d.entities @> $66::jsonb) or (d.entities @> $67::jsonb or d.entities @> $68::jsonb) or (d.entities @> $69::jsonb or d.entities @> $70::jsonb) or (d.entities @> $71::jsonb or d.entities @> $72::jsonb) or (d.entities @> $73::jsonb or d.entities @> $74::jsonb))
        limit $75)) s limit $76) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $77 and d.index_type = $78 and ((d.entities @> $79::jsonb) or (d.entities @> $80::jsonb)) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $81 and d.index_type = $82 and true
        limit $83) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $84 and d.index_type = $85 and ((d.entities @> $86::jsonb) or (d.entities @> $87::jsonb)) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $88 and d.index_type = $89 and true
        limit $90)) s limit $91) union all (select v.row_id from ((select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $92 and d.index_type = $93 and (d.entities @> $94::jsonb or d.entities @> $95::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $96 and d.index_type = $97 and true
        limit $98) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $99 and d.index_type = $100 and (d.entities @> $101::jsonb or d.entities @> $102::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $103 and d.index_type = $104 and true
        limit $105)) s limit $106) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $107 and d.index_type = $108 and (d.entities @> $109::jsonb or d.entities @> $110::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $111 and d.index_type = $112 and true
        limit $113) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $114 and d.index_type = $115 and (d.entities @> $116::jsonb or d.entities @> $117::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $118 and d.index_type = $119 and true
        limit $120)) s limit $121) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $122 and d.index_type = $123 and (d.entities @> $124::jsonb or d.entities @> $125::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $126 and d.index_type = $127 and true
        limit $128) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $129 and d.index_type = $130 and (d.entities @> $131::jsonb or d.entities @> $132::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $133 and d.index_type = $134 and true
        limit $135)) s limit $136) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $137 and d.index_type = $138 and (d.entities @> $139::jsonb or d.entities @> $140::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $141 and d.index_type = $142 and true
        limit $143) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $144 and d.index_type = $145 and (d.entities @> $146::jsonb or d.entities @> $147::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $148 and d.index_type = $149 and true
        limit $150)) s limit $151) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $152 and d.index_type = $153 and (d.entities @> $154::jsonb or d.entities @> $155::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $156 and d.index_type = $157 and true
        limit $158) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $159 and d.index_type = $160 and (d.entities @> $161::jsonb or d.entities @> $162::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $163 and d.index_type = $164 and true
        limit $165)) s limit $166)) v limit $167) union all (select v.row_id from ((select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $168 and d.index_type = $169 and (d.entities @> $170::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $171 and d.index_type = $172 and true
        limit $173) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $174 and d.index_type = $175 and (d.entities @> $176::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $177 and d.index_type = $178 and true
        limit $179)) s limit $180) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $181 and d.index_type = $182 and (d.entities @> $183::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $184 and d.index_type = $185 and true
        limit $186) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $187 and d.index_type = $188 and (d.entities @> $189::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $190 and d.index_type = $191 and true
        limit $192)) s limit $193) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $194 and d.index_type = $195 and (d.entities @> $196::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $197 and d.index_type = $198 and true
        limit $199) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $200 and d.index_type = $201 and (d.entities @> $202::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $203 and d.index_type = $204 and true
        limit $205)) s limit $206) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $207 and d.index_type = $208 and (d.entities @> $209::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $210 and d.index_type = $211 and true
        limit $212) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $213 and d.index_type = $214 and (d.entities @> $215::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $216 and d.index_type = $217 and true
        limit $218)) s limit $219) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $220 and d.index_type = $221 and (d.entities @> $222::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $223 and d.index_type = $224 and true
        limit $225) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $226 and d.index_type = $227 and (d.entities @> $228::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $229 and d.index_type = $230 and true
        limit $231)) s limit $232) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $233 and d.index_type = $234 and (d.entities @> $235::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $236 and d.index_type = $237 and true
        limit $238) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $239 and d.index_type = $240 and (d.entities @> $241::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $242 and d.index_type = $243 and true
        limit $244)) s limit $245) union all (select s.row_id from ((select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $246 and d.index_type = $247 and (d.entities @> $248::jsonb) and (hashtext(d.document_id) & 15) = 0 offset 0) d
        where d.account_id = $249 and d.index_type = $250 and true
        limit $251) union all (select d.row_id
         from (select d.ctid as row_id, d.* from documents d where d.account_id = $252 and d.index_type = $253 and (d.entities @> $254::jsonb) and (hashtext(d.document_id) & 15) <> 0 offset 0) d
        where d.account_id = $255 and d.index_type = $256 and true
        limit $257)) s limit $258)) v limit $259)) u limit $260) t),
scored_rows as materialized (
                     select d.document_id, d.ordinal, d.entities, d.display, d.location, d.experience_months, d.experience_max_months,
                            d.salary_min, d.salary_max, d.updated_at, d.terms
                       from documents d
                      where d.account_id = $261 and d.index_type = $262 and d.ctid = any(array(select c.row_id from candidates c))),
source_terms as materialized (
  -- Each word as a one-word tsquery, quoted as tsquery input wants it (quotes and backslashes
  -- doubled): a cast, so the word is taken as it is, not normalised again.
  select t.lexeme, ('''' || replace(replace(t.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery as query
    from (select distinct unnest(tsvector_to_array(document_terms($263, $264::jsonb))) as lexeme) t
),
keyword_documents as materialized (
  -- Each scored document in the source's language, read once (the concatenation detoasts its
  -- words once). A text in another language shares only names and tools with the source, and
  -- counting it would make the commonest words of the source's language look rare.
  select d.document_id, d.terms || ''::tsvector as terms, length(d.terms) as words
    from scored_rows d
   where true and d.entities -> $265 ?| $266::text[]
),
keyword_hits as materialized (
  -- Each of the source's words is looked for among a document's (@@: a binary search in the sorted
  -- lexemes). Unnesting every document's words into rows to join them cost four times as much on
  -- 1,000 candidates, and a real resume has hundreds of words.
  select d.document_id, d.words, s.lexeme
    from keyword_documents d
         join source_terms s on d.terms @@ s.query
),
keyword_rarity as (
  -- Every word of the source, those no document has at the rarity of a word one document has.
  select s.lexeme, ln(1 + (select count(*) from keyword_documents)::numeric / greatest(count(h.document_id), 1)) as rarity
    from source_terms s left join keyword_hits h on h.lexeme = s.lexeme
   group by s.lexeme
),
keyword_share as (
  -- BM25's length normalisation (k1 1.2, b 0.75, each word once): a text longer than the scored
  -- documents' average has more words by chance, so each of its words counts for less.
  select h.document_id, count(*)::int as shared,
         least(1, sum(r.rarity) / nullif((select sum(rarity) from keyword_rarity), 0)
                  * 2.2 / (1 + 1.2 * (0.25 + 0.75 * min(h.words) / nullif((select avg(words) from keyword_documents), 0)))) as share
    from keyword_hits h join keyword_rarity r on r.lexeme = h.lexeme
   group by h.document_id
),
keyword_share_by_document as materialized (
  -- One object for the scored rows to look their share up in: joined to the rows, the planner took
  -- the shares for one row and scanned all of them for each row (30 of a match's 80 ms at 1M).
  select coalesce(jsonb_object_agg(document_id, jsonb_build_array(share, shared)), '{}') as shares from keyword_share
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $267::jsonb) or (d.entities @> $268::jsonb)) then $269::float8 else 0 end) + (case when ((d.entities @> $270::jsonb) or (d.entities @> $271::jsonb)) then $272::float8 else 0 end) + ($273::float8 * ((case when (d.entities @> $274::jsonb) then 1 else 0 end) + (case when (d.entities @> $275::jsonb) then 1 else 0 end) + (case when (d.entities @> $276::jsonb) then 1 else 0 end)) / $277) + (case when ((d.entities @> $278::jsonb)) then $279::float8 else 0 end) + ($280::float8 * ((case when (d.entities @> $281::jsonb) then 1 else 0 end) + (case when (d.entities @> $282::jsonb) then 1 else 0 end) + (case when (d.entities @> $283::jsonb) then 1 else 0 end)) / $284) + ($285::float8 * ((case when (d.entities @> $286::jsonb or d.entities @> $287::jsonb) then 1 else 0 end) + (case when (d.entities @> $288::jsonb or d.entities @> $289::jsonb) then 1 else 0 end) + (case when (d.entities @> $290::jsonb or d.entities @> $291::jsonb) then 1 else 0 end)) / $292) + ($293::float8 * ((case when (d.entities @> $294::jsonb or d.entities @> $295::jsonb) then 1 else 0 end) + (case when (d.entities @> $296::jsonb or d.entities @> $297::jsonb) then 1 else 0 end)) / $298) + (case when ((d.entities @> $299::jsonb) or (d.entities @> $300::jsonb) or (d.entities @> $301::jsonb) or (d.entities @> $302::jsonb)) then $303::float8 else 0 end) + (case when ((d.entities @> $304::jsonb)) then $305::float8 else 0 end) + ($306::float8 * ((case when (d.entities @> $307::jsonb) then 1 else 0 end) + (case when (d.entities @> $308::jsonb) then 1 else 0 end)) / $309) + ($310::float8 * ((case when coalesce(d."experience_months" >= $311, false) then 1 else 0 end)) / $312) + ($313::float8 * greatest(0, 1 - coalesce(st_distance(d.location, st_setsrid(st_makepoint($314, $315), 4326)::geography), $316) / $317)) + ($318::float8 * coalesce(ks.share, 0)))::numeric, 2) as score
         , coalesce(ks.share, 0) as keyword_share, coalesce(ks.shared, 0) as keyword_words
    from (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from scored_rows d
          where true
         offset 0) d
         cross join lateral (select (k.shares -> d.document_id ->> 0)::numeric as share, (k.shares -> d.document_id ->> 1)::int as shared
                                              from keyword_share_by_document k) ks
),
scored as (
  select * from matched m where m.score >= $319
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $320 offset $321
)
select
  (select count(*)::int from scored) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', round(st_distance(d.location, st_setsrid(st_makepoint($322, $323), 4326)::geography)::numeric),
              'explain', json_build_object('conditions', json_build_array(json_build_object(
  'score', round(((case when ((d.entities @> $324::jsonb) or (d.entities @> $325::jsonb)) then $326::float8 else 0 end))::numeric, 2), 'maxScore', $327::numeric,
  'entity', $328::text, 'condition', $329::text, 'value', $330::text), json_build_object(
  'score', round(((case when ((d.entities @> $331::jsonb) or (d.entities @> $332::jsonb)) then $333::float8 else 0 end))::numeric, 2), 'maxScore', $334::numeric,
  'entity', $335::text, 'condition', $336::text, 'value', $337::text), json_build_object(
  'score', round((($338::float8 * ((case when (d.entities @> $339::jsonb) then 1 else 0 end) + (case when (d.entities @> $340::jsonb) then 1 else 0 end) + (case when (d.entities @> $341::jsonb) then 1 else 0 end)) / $342))::numeric, 2), 'maxScore', $343::numeric,
  'entity', $344::text, 'condition', $345::text, 'value', $346::text), json_build_object(
  'score', round(((case when ((d.entities @> $347::jsonb)) then $348::float8 else 0 end))::numeric, 2), 'maxScore', $349::numeric,
  'entity', $350::text, 'condition', $351::text, 'value', $352::text), json_build_object(
  'score', round((($353::float8 * ((case when (d.entities @> $354::jsonb) then 1 else 0 end) + (case when (d.entities @> $355::jsonb) then 1 else 0 end) + (case when (d.entities @> $356::jsonb) then 1 else 0 end)) / $357))::numeric, 2), 'maxScore', $358::numeric,
  'entity', $359::text, 'condition', $360::text, 'value', $361::text), json_build_object(
  'score', round((($362::float8 * ((case when (d.entities @> $363::jsonb or d.entities @> $364::jsonb) then 1 else 0 end) + (case when (d.entities @> $365::jsonb or d.entities @> $366::jsonb) then 1 else 0 end) + (case when (d.entities @> $367::jsonb or d.entities @> $368::jsonb) then 1 else 0 end)) / $369))::numeric, 2), 'maxScore', $370::numeric,
  'entity', $371::text, 'condition', $372::text, 'value', $373::text), json_build_object(
  'score', round((($374::float8 * ((case when (d.entities @> $375::jsonb or d.entities @> $376::jsonb) then 1 else 0 end) + (case when (d.entities @> $377::jsonb or d.entities @> $378::jsonb) then 1 else 0 end)) / $379))::numeric, 2), 'maxScore', $380::numeric,
  'entity', $381::text, 'condition', $382::text, 'value', $383::text), json_build_object(
  'score', round(((case when ((d.entities @> $384::jsonb) or (d.entities @> $385::jsonb) or (d.entities @> $386::jsonb) or (d.entities @> $387::jsonb)) then $388::float8 else 0 end))::numeric, 2), 'maxScore', $389::numeric,
  'entity', $390::text, 'condition', $391::text, 'value', $392::text), json_build_object(
  'score', round(((case when ((d.entities @> $393::jsonb)) then $394::float8 else 0 end))::numeric, 2), 'maxScore', $395::numeric,
  'entity', $396::text, 'condition', $397::text, 'value', $398::text), json_build_object(
  'score', round((($399::float8 * ((case when (d.entities @> $400::jsonb) then 1 else 0 end) + (case when (d.entities @> $401::jsonb) then 1 else 0 end)) / $402))::numeric, 2), 'maxScore', $403::numeric,
  'entity', $404::text, 'condition', $405::text, 'value', $406::text), json_build_object(
  'score', round((($407::float8 * ((case when coalesce(d."experience_months" >= $408, false) then 1 else 0 end)) / $409))::numeric, 2), 'maxScore', $410::numeric,
  'entity', $411::text, 'condition', $412::text, 'value', $413::text)), 'geo', json_build_object('score', round((($414::float8 * greatest(0, 1 - coalesce(st_distance(d.location, st_setsrid(st_makepoint($415, $416), 4326)::geography), $417) / $418)))::numeric, 2), 'maxScore', $419::numeric,
        'distance', round(st_distance(d.location, st_setsrid(st_makepoint($420, $421), 4326)::geography)::numeric)), 'keywords', json_build_object('score', round((($422::float8 * coalesce(s.keyword_share, 0)))::numeric, 2), 'maxScore', $423::numeric, 'shared', s.keyword_words))
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $424 and d.index_type = $425 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 5 of 5
commit;
