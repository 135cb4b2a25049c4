-- Posts as records (issue 33; SPEC §3 Post: postId, userTypeName): the data dictionary key `post`
-- (server/modules/dataDictionary) with the posts of the fixed list it replaces, in its order — the same
-- codes, so every staff record and project experience keeps its post — named as the console named them.
-- A key or item of that code already added on the data dictionary screen is kept as it is.
INSERT INTO "data_dict_key" ("key_id", "key_code", "key_name", "key_name_en", "remark", "create_by", "update_by") VALUES
	('01a217f8-40f4-7722-b465-7fec26c38897', 'post', '岗位', 'Posts', '人员和项目经历的岗位', 'system', 'system')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "data_dict_item" ("item_id", "key_id", "item_code", "label", "label_en", "sort", "status", "create_by", "update_by")
SELECT i."item_id", k."key_id", i."item_code", i."label", i."label_en", i."sort", 1, 'system', 'system'
FROM (VALUES
	('01a217f8-40f5-70e8-a4e3-01e4a00ca22d', 'executive', '高管', 'Senior executive', 1),
	('01a217f8-40f5-70e8-a4e3-0766ba0b55c8', 'engineering', '工程技术', 'Engineering technology', 2),
	('01a217f8-40f5-70e8-a4e3-0acc75d93130', 'quality', '质量', 'Quality', 3),
	('01a217f8-40f5-70e8-a4e3-0ce4b6ac3620', 'safety', '安全', 'Safety', 4),
	('01a217f8-40f5-70e8-a4e3-12cae93732c5', 'costContract', '造价合约', 'Cost / contract', 5),
	('01a217f8-40f5-70e8-a4e3-14d9db19dcef', 'accounting', '财务', 'Accounting', 6),
	('01a217f8-40f5-70e8-a4e3-199227184302', 'administration', '综合行政', 'Administration', 7),
	('01a217f8-40f5-70e8-a4e3-1d060462b87f', 'materials', '物资', 'Materials', 8),
	('01a217f8-40f5-70e8-a4e3-237c109cabe4', 'environment', '环水保', 'Environment / water conservation', 9),
	('01a217f8-40f5-70e8-a4e3-24615268f787', 'coordination', '协调', 'Coordination', 10),
	('01a217f8-40f5-70e8-a4e3-2abaff38f879', 'design', '设计', 'Design', 11)
) AS i ("item_id", "item_code", "label", "label_en", "sort")
JOIN "data_dict_key" k ON lower(k."key_code") = 'post'
ON CONFLICT DO NOTHING;
